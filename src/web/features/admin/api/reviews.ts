import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, getQueryFn } from '../../../lib/api';
import { AdminReviewSchema, AdminReviewsPageSchema, type AdminReviewsPage, type ReviewHideReason } from '../../../../shared/api/reviews';

const REVIEWS_KEY = '/api/admin/reviews';

/** GET /api/admin/reviews: every review, hidden ones too, newest first. */
export function useAdminReviews(page: number) {
  return useQuery<AdminReviewsPage>({
    queryKey: [`${REVIEWS_KEY}?page=${page}`],
    queryFn: getQueryFn({ on401: 'throw', schema: AdminReviewsPageSchema }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/reviews/{id}/hide {reason}, or …/show to show it again; the list is read again either way. */
export function useSetReviewHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: ReviewHideReason | null }) =>
      reason === null ? apiJson('POST', `${REVIEWS_KEY}/${id}/show`, {}, AdminReviewSchema) : apiJson('POST', `${REVIEWS_KEY}/${id}/hide`, { reason }, AdminReviewSchema),
    onSettled: () => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(REVIEWS_KEY) }),
  });
}

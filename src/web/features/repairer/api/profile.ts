import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, getQueryFn } from '../../../lib/api';
import { ProfileViewSchema, StripeOnboardingSchema, type ProfileBody, type ProfileView } from '../../../../shared/api/repairer-accounts';

const profileKey = ['/api/repairer/profile'] as const;

export function useProfile() {
  return useQuery<ProfileView>({ queryKey: profileKey, queryFn: getQueryFn({ on401: 'throw', schema: ProfileViewSchema }) });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => apiJson('PUT', '/api/repairer/profile', body, ProfileViewSchema),
    onSuccess: (profile) => queryClient.setQueryData(profileKey, profile),
  });
}

/** Where Stripe's onboarding for this repairer starts; the browser is sent there. */
export function useStartPayouts() {
  return useMutation({ mutationFn: () => apiJson('POST', '/api/repairer/stripe-onboarding', {}, StripeOnboardingSchema) });
}

/** PUT /api/repairer/photo (one file, "photo"), DELETE to remove it (issue 37): both answer the profile. */
export function usePhoto() {
  const queryClient = useQueryClient();
  const onSuccess = (profile: ProfileView) => queryClient.setQueryData(profileKey, profile);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('photo', file);
      return apiJson('PUT', '/api/repairer/photo', form, ProfileViewSchema);
    },
    onSuccess,
  });
  const remove = useMutation({ mutationFn: () => apiJson('DELETE', '/api/repairer/photo', undefined, ProfileViewSchema), onSuccess });
  return { upload, remove };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import { AppointmentViewSchema } from '../../../../shared/api/appointments';

/**
 * POST /api/repairer/appointments/{id}/complete (issue 12): the assigned repairer marks the job done,
 * with optional after photos as a multipart form ("images"); without photos a plain JSON body.
 */
export function useMarkJobDoneWithPhotos(appointmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photos: File[]) => {
      let body: FormData | Record<string, never> = {};
      if (photos.length > 0) {
        const form = new FormData();
        for (const photo of photos) form.append('images', photo, photo.name);
        body = form;
      }
      return apiJson('POST', `/api/repairer/appointments/${appointmentId}/complete`, body, AppointmentViewSchema);
    },
    // The repairer's job lists show the job as done.
    onSettled: () => void queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/repairer/') }),
  });
}

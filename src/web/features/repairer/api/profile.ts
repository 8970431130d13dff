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

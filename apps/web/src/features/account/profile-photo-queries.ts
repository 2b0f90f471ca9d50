import { ProfileImageResponseSchema } from '@atelier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client.ts';
import { accountQueryKey } from '../auth/account-queries.ts';

/**
 * POST /api/stylist/upload-profile-image (§7) with the stylist's own account id; afterwards the
 * account is read again, so every avatar (the top bar's too) shows the new photo.
 */
export function useUploadProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, file }: { userId: string; file: File }) => {
      const form = new FormData();
      form.append('userId', userId);
      form.append('file', file);
      return apiPost('/api/stylist/upload-profile-image', form, ProfileImageResponseSchema);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}

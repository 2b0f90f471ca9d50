import { profileApi } from '@atelier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { accountQueryKey } from '../auth/index.ts';

/**
 * POST /api/stylist/upload-profile-image (§7): the photo of a shop account, the stylist's own or
 * one of her clients'.
 */
export function uploadProfileImage({ userId, file }: { userId: string; file: File }) {
  const form = new FormData();
  form.append('userId', userId);
  form.append('file', file);
  return api(profileApi.uploadProfileImage, { body: form });
}

/** The stylist's own photo; afterwards the account is read again, so every avatar shows it. */
export function useUploadProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}

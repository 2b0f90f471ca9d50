import type { AccountDocument } from '@atelier/contract';
import { PhotoPicker } from '../../components/photo-picker.tsx';
import { useUploadProfilePhoto } from './profile-photo-queries.ts';

/** The "Stylist Account" photo (§2): "Add Photo" without one, "Change Photo" with one. */
export function ProfilePhoto({ account }: { account: AccountDocument }) {
  const { id: userId, attributes } = account.data;
  const upload = useUploadProfilePhoto();
  return (
    <PhotoPicker
      thumbnailUrl={attributes.thumbnailUrl}
      initials={attributes.initials}
      fileLabel="Profile photo file"
      messageWidth={220}
      upload={{
        isPending: upload.isPending,
        error: upload.error,
        reset: upload.reset,
        upload: (file) => upload.mutate({ userId, file }),
      }}
    />
  );
}

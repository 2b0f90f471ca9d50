import {
  QUOTE_DESCRIPTION_MAX_LENGTH,
  QUOTE_NAME_MAX_LENGTH,
  type Designer,
} from '@atelier/contract';
import { Button, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useForm } from '@mantine/form';
import { useState, type FormEvent } from 'react';
import { MOBILE_MEDIA_QUERY } from '../../app/theme.ts';
import { LoadError } from '../../components/load-error.tsx';
import { useServerFieldErrors } from '../../lib/server-field-errors.tsx';
import classes from './add-item-modal.module.css';
import { useDesignerDirectory } from './designer-queries.ts';
import { showUploadFailure, useImageUploads } from './image-uploads.ts';
import { useCreateQuote } from './new-item-mutations.ts';
import { PhotoPicker } from './photo-picker.tsx';

export const QUOTE_ADDED_TEXT = 'Quote added successfully and list refreshed!';
export const QUOTE_ADDED_REFRESH_FAILED_TEXT =
  'Quote added but failed to refresh list. Please refresh the page.';

interface AddItemModalProps {
  clientId: number;
  opened: boolean;
  onClose: () => void;
}

/** The New item form (§2) in the client quotes page's addItem modal; full screen on phones. */
export function AddItemModal({ clientId, opened, onClose }: AddItemModalProps) {
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const createQuote = useCreateQuote(clientId);
  // A new key gives the next item a fresh form (and gives back the last one's previews).
  const [formKey, setFormKey] = useState(0);

  function close() {
    // The item is being saved: its outcome must still be reported, so the modal stays.
    if (!createQuote.isPending) onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="New Item"
      size="lg"
      fullScreen={isMobile}
      radius={isMobile ? 0 : 'md'}
      overlayProps={{ backgroundOpacity: 0.7, blur: 2 }}
      closeButtonProps={{ disabled: createQuote.isPending }}
      classNames={{ title: classes.title }}
    >
      <AddItemForm
        key={formKey}
        createQuote={createQuote}
        onCancel={close}
        onAdded={() => {
          setFormKey((key) => key + 1);
          onClose();
        }}
      />
    </Modal>
  );
}

interface ItemValues {
  brandId: string | null;
  categoryId: string | null;
  name: string;
  description: string;
}

const INITIAL_VALUES: ItemValues = { brandId: null, categoryId: null, name: '', description: '' };
// The photos are no form value (useImageUploads holds them), but the server names them at fault.
const FIELD_NAMES = ['brandId', 'categoryId', 'name', 'description', 'imageIds'] as const;

interface AddItemFormProps {
  createQuote: ReturnType<typeof useCreateQuote>;
  onCancel: () => void;
  onAdded: () => void;
}

function AddItemForm({ createQuote, onCancel, onAdded }: AddItemFormProps) {
  const directory = useDesignerDirectory();
  const photos = useImageUploads();
  const form = useForm<ItemValues>({ initialValues: INITIAL_VALUES });
  const { formRef, show: showServerErrors } = useServerFieldErrors(form, FIELD_NAMES);

  const { brandId: designerId, categoryId, name, description } = form.getValues();
  const designers = directory.data ?? [];
  const designer = designers.find((entry) => String(entry.id) === designerId);
  const isSaving = createQuote.isPending;
  const photoErrors = form.errors.imageIds;
  // §5: Add Item needs a photo, a designer, a category and a name, with nothing saving or uploading.
  const canAdd =
    photos.imageIds.length > 0 &&
    designer !== undefined &&
    categoryId !== null &&
    name.trim() !== '' &&
    !isSaving &&
    !photos.isUploading;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canAdd) return;
    form.clearErrors();
    createQuote.mutate(
      {
        brandId: designer.id,
        categoryId: Number(categoryId),
        name,
        description,
        imageIds: photos.imageIds,
      },
      {
        onSuccess: ({ isListRefreshed }) => {
          notifications.show(
            isListRefreshed
              ? { color: 'green', message: QUOTE_ADDED_TEXT }
              : { color: 'yellow', message: QUOTE_ADDED_REFRESH_FAILED_TEXT },
          );
          onAdded();
        },
        onError: (error) => {
          const { fields } = showServerErrors(error);
          const formFieldErrors = Object.keys(fields).filter((field) => field !== 'imageIds');
          // §8 reports a failed Add Item with the upload text; a field's own error says enough.
          if (fields.imageIds || formFieldErrors.length === 0) {
            showUploadFailure(fields.imageIds?.join(' ') ?? error.message);
          }
        },
      },
    );
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className={classes.form}>
      <Stack gap="lg">
        {directory.isError && !directory.data && (
          <LoadError
            title="Designers could not be loaded"
            message={directory.error.message}
            isRetrying={directory.isFetching}
            onRetry={() => void directory.refetch()}
          />
        )}
        <div className={classes.fields}>
          <Select
            label="Designer"
            placeholder={directory.isPending ? 'Loading designers…' : 'Choose a designer'}
            searchable
            limit={100}
            nothingFoundMessage="No designer by that name"
            data={designers.map((entry) => ({ value: String(entry.id), label: entry.name }))}
            {...form.getInputProps('brandId')}
            onChange={(value) => {
              form.setFieldValue('brandId', value);
              // §5: the categories belong to the designer, so a new designer starts over.
              form.setFieldValue('categoryId', null);
            }}
            disabled={!directory.data || isSaving}
            className={classes.half}
          />
          <Select
            label="Category"
            placeholder={designer ? 'Choose a category' : 'Choose a designer first'}
            searchable
            nothingFoundMessage="No category by that name"
            data={categoryOptions(designer)}
            {...form.getInputProps('categoryId')}
            disabled={!designer || isSaving}
            className={classes.half}
          />
          <TextInput
            label="Name"
            placeholder="e.g. Classic Flap Bag"
            maxLength={QUOTE_NAME_MAX_LENGTH}
            {...form.getInputProps('name')}
            readOnly={isSaving}
            className={classes.full}
          />
          <Textarea
            label="Description"
            description="Optional: condition, size, colour, what comes with it."
            rows={3}
            resize="vertical"
            maxLength={QUOTE_DESCRIPTION_MAX_LENGTH}
            {...form.getInputProps('description')}
            readOnly={isSaving}
            className={classes.full}
          />
        </div>

        <PhotoPicker
          photos={photos}
          isLocked={isSaving}
          error={photoErrors}
          waitingAction="Add Item"
        />

        <Group justify="flex-end" gap="sm" className={classes.actions}>
          <Button variant="subtle" color="gray" onClick={onCancel} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canAdd} loading={isSaving} lts="0.06em">
            Add Item
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function categoryOptions(designer: Designer | undefined) {
  return (designer?.categories ?? []).map((category) => ({
    value: String(category.id),
    label: category.name,
  }));
}

import { mediaFileUrl } from '@almoner/contracts';
import { ImageLibraryModal } from './image-library-modal.tsx';

/**
 * The images library for a field that holds one image (a setting, a page background, a cover):
 * answers the chosen file's lasting address (/media/{id}/{name}), so the field never keeps a link
 * that expires. The one place that turns a library choice into a stored address.
 */
export function PickOneImageModal({ opened, onClose, onPick }: { opened: boolean; onClose: () => void; onPick: (url: string) => void }) {
  return (
    <ImageLibraryModal
      opened={opened}
      onClose={onClose}
      single
      onInsert={(choice) => {
        const image = choice.kind === 'image' ? choice.image : choice.images[0];
        if (image) onPick(mediaFileUrl(image.id, image.filename));
      }}
    />
  );
}

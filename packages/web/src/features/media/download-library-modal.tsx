import type { DownloadFile } from '@almoner/contracts';
import { Modal } from '@mantine/core';
import { DownloadLibrary } from './download-library.tsx';

type Props = { opened: boolean; onClose: () => void; onChoose: (file: DownloadFile) => void };

/** The downloads library as a picker (spec part 2 "Downloads library modal"): Choose takes a file and closes. */
export function DownloadLibraryModal({ opened, onClose, onChoose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Downloads" size="lg">
      <DownloadLibrary
        active={opened}
        onChoose={(file) => {
          onChoose(file);
          onClose();
        }}
      />
    </Modal>
  );
}

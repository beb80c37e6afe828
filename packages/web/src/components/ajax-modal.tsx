import { messages } from '@almoner/contracts';
import { Center, Loader } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { overlaysReady } from '../app/overlays.tsx';
import { ApiError } from '../lib/api.ts';
import { toast } from './toast.ts';

/**
 * Opens a modal whose content comes from `href` (spec part 3 §2.1 generic ajax modals; the
 * protocol is documented in contracts/ajax-modal.ts). Call the returned `openAjaxModal` from a
 * link's or button's click handler. The form and its schema load with the first modal opened,
 * so pages that only offer a button (the home page's upgrade prompt) stay light.
 */
export function useAjaxModal() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const openAjaxModal = useCallback(
    async (href: string) => {
      const form = import('./ajax-modal-form.tsx');
      await overlaysReady();
      const modalId = modals.open({
        title: 'Loading…',
        size: 'lg',
        children: (
          <Center py="xl">
            <Loader aria-label="Loading" />
          </Center>
        ),
      });
      try {
        const { AjaxModalForm, fetchAjaxModal } = await form;
        const modal = await fetchAjaxModal(href);
        const handlers = {
          onRefresh: () => void queryClient.invalidateQueries(),
          onRedirect: (path: string) => void navigate(path),
        };
        modals.updateModal({
          modalId,
          title: modal.title,
          children: <AjaxModalForm modal={modal} modalId={modalId} handlers={handlers} />,
        });
      } catch (error) {
        modals.close(modalId);
        toast.error(error instanceof ApiError ? error.message : messages.unknownError);
      }
    },
    [navigate, queryClient],
  );

  return { openAjaxModal };
}

// Shows the registered correcting form of the rejected outbox item the user opened ('Abrir y corregir'), whatever
// its resource, inside the app's own React tree (its QueryClient, router and engine). Mounted once by the shell.
import { Suspense, useCallback, useRef, type ComponentType } from 'react';
import { useSession } from '@client/lib/session';
import type { OutboxItem } from '../db';
import { closeOutboxEditor, useOpenedOutboxItem, type OpenedEditorProps } from '../editors';
import { useOfflineResource } from '../resource';
import { useSyncEngine } from '../engine-context';
import type { AttachmentInput } from '../outbox-files';
import { OutboxRejection, resubmit } from '../sync-submit';

export function OutboxEditorHost() {
  const item = useOpenedOutboxItem();
  const Editor = useOfflineResource(item?.resource)?.Editor;
  const userId = useSession()?.user.id;
  // An item of another user (the session changed meanwhile) is never shown.
  if (!item || !Editor || item.userId !== userId) return null;
  return <OpenEditor key={item.id} item={item} Editor={Editor} />;
}

function OpenEditor({ item, Editor }: { item: OutboxItem; Editor: ComponentType<OpenedEditorProps> }) {
  const engine = useSyncEngine();
  // A correction refused again is a new rejected item: the next resend replaces that one.
  const current = useRef(item.id);
  const resend = useCallback(
    async (body: unknown, files?: readonly AttachmentInput[]) => {
      try {
        return await resubmit(engine, current.current, { body, files });
      } catch (err) {
        if (err instanceof OutboxRejection && err.itemId) current.current = err.itemId;
        throw err;
      }
    },
    [engine],
  );
  return (
    <Suspense fallback={null}>
      <Editor item={item} resend={resend} onClose={closeOutboxEditor} />
    </Suspense>
  );
}

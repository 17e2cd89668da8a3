import { Suspense, cloneElement, lazy, useState, type MouseEvent, type ReactElement } from 'react';

/*
 * The dialog brings the form library, zod and Radix Dialog: every signed-in page shows a
 * way to open it (frame menu, dashboard), few people do. It loads on the first open.
 */
const ChangePasswordDialog = lazy(() => import('./change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog })));

type TriggerProps = { onClick?: (event: MouseEvent<HTMLElement>) => void };

/**
 * Change Password, loaded when first opened. Either controlled (`open`, the frame's
 * menu item) or with a `trigger` button, rendered at once. Once loaded it stays mounted, so
 * closing animates and reopening is instant.
 */
export function ChangePasswordOnDemand({
  trigger,
  open: controlledOpen,
  onOpenChange,
}: {
  trigger?: ReactElement<TriggerProps>;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  const [loaded, setLoaded] = useState(false);
  if (open && !loaded) setLoaded(true);

  return (
    <>
      {trigger && cloneElement(trigger, { onClick: () => setOpen(true) })}
      {loaded && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

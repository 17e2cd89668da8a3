import { createElement } from 'react';
import { TOAST_DURATION, toast } from '@client/components/ui/use-toast';

/**
 * The generated temporary password is shown for 3 s. Hovering or focusing the
 * toast pauses it (Radix), and Copy puts the password on the clipboard to hand over.
 */
export function showTemporaryPassword(username: string, password: string): void {
  toast({
    title: 'Temporary Password',
    description: createElement(
      'span',
      null,
      `New temporary password for ${username}: `,
      createElement('code', { className: 'rounded bg-muted px-1 py-0.5 font-mono text-foreground select-all' }, password),
    ),
    duration: TOAST_DURATION.short,
    action: { label: 'Copy', altText: 'Copy the temporary password', onClick: () => void navigator.clipboard?.writeText(password).catch(() => {}) },
  });
}

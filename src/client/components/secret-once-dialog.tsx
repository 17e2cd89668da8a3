import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';

/**
 * Shows a token or signing secret the one time the server answers it: only its
 * hash (tokens) or the server's copy (secrets) is kept, so it cannot be shown again.
 */
export function SecretOnceDialog({
  title,
  label,
  value,
  onClose,
}: {
  title: string;
  label: string;
  value: string | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!value) return;
    await navigator.clipboard?.writeText(value);
    setCopied(true);
  };
  return (
    <Dialog open={value !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="flex items-start gap-2">
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
            Copy it now and keep it somewhere safe. It will not be shown again.
          </DialogDescription>
        </DialogHeader>
        <label className="grid gap-2 text-sm font-medium">
          {label}
          <div className="flex gap-2">
            <Input readOnly value={value ?? ''} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
            <Button type="button" variant="outline" onClick={() => void copy()} aria-label={`Copy ${label}`}>
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        </label>
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

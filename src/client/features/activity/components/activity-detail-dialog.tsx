import { useRef, type ReactNode } from 'react';
import type { ActivityLogView } from '@common/contracts/activity';
import { activityTypeLabel } from '@common/domain/activity-types';
import { formatLogTimeWithZone } from '@common/domain/format-date';
import { Badge } from '@client/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/components/ui/dialog';

function userName(id: number | null, name: string | null): string | null {
  if (id === null) return null;
  return name ? `${name} (#${id})` : `#${id}`;
}

function durationText(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[8rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children || <span className="text-muted-foreground">—</span>}</dd>
    </div>
  );
}

/**
 * Everything one activity row holds (Activity log): who, when, from where and with
 * which browser, the page, and the metadata the server stored with it.
 */
export function ActivityDetailDialog({ log, onClose }: { log: ActivityLogView | null; onClose: () => void }) {
  // The dialog opens from state, not a trigger: remember what had focus so closing returns there.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={log !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-2xl"
        onOpenAutoFocus={() => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          if (opener.current?.isConnected) {
            event.preventDefault();
            opener.current.focus();
          }
        }}
      >
        {log && (
          <>
            <DialogHeader>
              <DialogTitle className="flex flex-wrap items-center gap-2">
                Activity #{log.id} <Badge variant="outline">{activityTypeLabel(log.type)}</Badge>
              </DialogTitle>
              <DialogDescription className="break-words">{log.description}</DialogDescription>
            </DialogHeader>
            <dl className="grid gap-3">
              <Field label="Time">
                <span className="nums">{formatLogTimeWithZone(log.createdAt)}</span>
              </Field>
              <Field label="User">{userName(log.userId, log.username)}</Field>
              {log.targetUserId !== null && <Field label="About user">{userName(log.targetUserId, log.targetUsername)}</Field>}
              <Field label="IP address">{log.ipAddress && <span className="nums">{log.ipAddress}</span>}</Field>
              <Field label="User agent">{log.userAgent}</Field>
              <Field label="URL">{log.url && <code className="font-mono text-xs break-all">{log.url}</code>}</Field>
              {log.referrer && (
                <Field label="Referrer">
                  <code className="font-mono text-xs break-all">{log.referrer}</code>
                </Field>
              )}
              {log.duration !== null && <Field label="Duration">{durationText(log.duration)}</Field>}
              <Field label="Session">{log.sessionRef && <code className="font-mono text-xs">{log.sessionRef}</code>}</Field>
              <Field label="Metadata">
                {log.metadata && Object.keys(log.metadata).length > 0 && (
                  <pre className="max-h-64 overflow-auto rounded-md bg-muted p-3 font-mono text-xs break-words whitespace-pre-wrap">
                    {JSON.stringify(log.metadata, null, 2)}
                  </pre>
                )}
              </Field>
            </dl>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

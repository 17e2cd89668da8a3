import { useState } from 'react';
import type { PastedLineResult } from '@common/domain/quick-add';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';

const STATUS = {
  added: { word: 'Added', variant: 'success' },
  merged: { word: 'Merged', variant: 'accent' },
  refused: { word: 'Refused', variant: 'destructive' },
} as const;

function explain(result: PastedLineResult): string {
  if (result.status === 'added') return `${result.quantity} × ${result.name}`;
  if (result.status === 'merged') return `${result.quantity} more of ${result.name} (same SKU as line ${result.intoLine})`;
  return result.reason;
}

/** The quick order pad: one "SKU qty" (or CSV) per line; afterwards, what became of each line. */
export function PasteList({
  pending,
  results,
  onSubmit,
}: {
  pending: boolean;
  results: readonly PastedLineResult[] | null;
  onSubmit: (text: string) => void;
}) {
  const [text, setText] = useState('');
  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor="quick-add-paste">Paste a list of SKUs</Label>
        <Textarea
          id="quick-add-paste"
          rows={3}
          placeholder={'1001 2\n1002,1\n1003'}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby="quick-add-paste-help"
        />
        <p id="quick-add-paste-help" className="text-sm text-muted-foreground">
          One per line: SKU and quantity separated by a space or a comma. A SKU alone adds 1.
        </p>
      </div>
      <div>
        <Button variant="outline" disabled={pending || text.trim() === ''} onClick={() => onSubmit(text)}>
          Add List to Cart
        </Button>
      </div>
      {results && (
        <ul aria-label="Pasted lines" className="grid divide-y divide-border text-sm">
          {/* Each line in two columns (its number, then what happened and why), so on a phone a
              long reason wraps under its own line instead of under the next line's label. */}
          {results.map((result) => (
            <li key={result.line} className="grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-3 gap-y-0.5 py-1.5">
              <span className="nums text-muted-foreground">Line {result.line}</span>
              <span className="flex min-w-0 flex-wrap items-baseline gap-2">
                <Badge variant={STATUS[result.status].variant}>{STATUS[result.status].word}</Badge>
                <span className="nums font-medium wrap-anywhere">{result.text}</span>
              </span>
              <span className="col-start-2 wrap-anywhere">{explain(result)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { useId, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@client/lib/utils';

/**
 * A long message shown as its first two lines with a "Show more" button that opens it
 * in place (and "Show less" to fold it again). The button appears only when the text
 * really is cut off, measured after layout and again when the column resizes.
 */
export function ExpandableMessage({ text, className }: { text: string; className?: string }) {
  const id = useId();
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || expanded) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, expanded]);

  return (
    <div className={className}>
      <p id={id} ref={ref} className={cn('break-words whitespace-pre-line text-muted-foreground', !expanded && 'line-clamp-2')}>
        {text}
      </p>
      {(overflows || expanded) && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((open) => !open)}
          // A 44px target on phones (docs/ui-rules.md); compact in the desktop table.
          className="mt-1 inline-flex min-h-11 items-center rounded-sm text-sm font-medium text-accent underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring md:min-h-0"
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
}

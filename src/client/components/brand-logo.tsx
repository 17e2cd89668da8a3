// clsx, not cn: the app shell paints this, and cn's tailwind-merge would join React in the first chunk (ADR 0187).
import { clsx } from 'clsx';

/** The BOLD wordmark with a four-tile mark; text, so it is crisp and needs no image request. */
export function BrandLogo({ className, subtitle }: { className?: string; subtitle?: string }) {
  return (
    <span className={clsx('inline-flex items-center gap-2.5', className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden>
        <rect width="32" height="32" rx="6" className="fill-accent" />
        <rect x="6" y="6" width="9" height="9" rx="1" fill="#fafaf9" />
        <rect x="17" y="6" width="9" height="9" rx="1" fill="#fafaf9" opacity=".7" />
        <rect x="6" y="17" width="9" height="9" rx="1" fill="#fafaf9" opacity=".7" />
        <rect x="17" y="17" width="9" height="9" rx="1" fill="#fafaf9" />
      </svg>
      <span className="flex flex-col leading-none">
        <span className="text-xl font-black tracking-[0.18em] text-accent">BOLD</span>
        {subtitle && <span className="mt-1 text-xs font-medium tracking-wide text-muted-foreground">{subtitle}</span>}
      </span>
    </span>
  );
}

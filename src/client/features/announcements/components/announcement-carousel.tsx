import { ChevronLeft, ChevronRight, Megaphone, X } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/utils';
import { useAnnouncements } from '../api/get-announcements';
import { readDismissed, rememberDismissed, wrapIndex } from '../lib/dismissed-announcements';
import { formatDay } from '@common/domain/format-date';

const SWIPE_PX = 50;


/**
 * The height of a typical announcement (a two-line title, three to five lines of
 * message, the dots row), held while the list loads and kept as the least height
 * after, so the tiles below do not jump when announcements arrive (layout shift).
 */
const RESERVED_HEIGHT = 'min-h-72 sm:min-h-52';
const FRAME = 'flex flex-col rounded-card border border-accent/25 bg-accent-soft/40 shadow-xs';

/**
 * Dashboard carousel for salespeople: the active announcements one at a time,
 * previous/next (wrapping) and dots when there is more than one, each dismissible for
 * the browser session. Arrow keys and a swipe also move it; nothing rotates by itself.
 */
export function AnnouncementCarousel() {
  const announcements = useAnnouncements();
  const [dismissed, setDismissed] = useState(readDismissed);
  const [index, setIndex] = useState(0);
  const swipeStart = useRef<number | null>(null);

  if (announcements.isPending) {
    return <div aria-hidden className={cn(FRAME, RESERVED_HEIGHT, 'animate-pulse')} />;
  }
  const visible = (announcements.data ?? []).filter((a) => a.isActive && !dismissed.has(a.id));
  if (visible.length === 0) return null;
  const current = Math.min(index, visible.length - 1);
  const announcement = visible[current]!;
  const many = visible.length > 1;
  const go = (to: number) => setIndex(wrapIndex(to, visible.length));

  const onKeyDown = (event: KeyboardEvent) => {
    if (!many) return;
    if (event.key === 'ArrowRight') go(current + 1);
    else if (event.key === 'ArrowLeft') go(current - 1);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.pointerType === 'mouse' ? null : event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null || !many) return;
    const dx = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(dx) >= SWIPE_PX) go(dx < 0 ? current + 1 : current - 1);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Announcements"
      onKeyDown={onKeyDown}
      className={cn(FRAME, RESERVED_HEIGHT)}
    >
      <div
        className="relative touch-pan-y p-4 pr-14 sm:p-5 sm:pr-16"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
      >
        <div aria-live="polite" aria-atomic="true">
          <div role="group" aria-roledescription="slide" aria-label={`${current + 1} of ${visible.length}`}>
            <p className="flex items-center gap-2 text-xs font-semibold tracking-wide text-accent uppercase">
              <Megaphone className="size-4" aria-hidden />
              Announcement
              {many && (
                <span className="nums font-normal text-muted-foreground normal-case">
                  {current + 1} of {visible.length}
                </span>
              )}
            </p>
            <h2 className="mt-2 text-lg leading-snug font-semibold">{announcement.title}</h2>
            <p className="mt-1 text-sm whitespace-pre-line text-foreground/90">{announcement.message}</p>
            <p className="mt-2 text-xs text-muted-foreground">
              Posted {formatDay(announcement.createdAt)}
              {announcement.createdByUsername ? ` by ${announcement.createdByUsername}` : ''}
            </p>
          </div>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="absolute top-2 right-2"
          aria-label={`Dismiss announcement: ${announcement.title}`}
          title="Dismiss for this session"
          onClick={() => setDismissed(rememberDismissed(announcement.id))}
        >
          <X aria-hidden />
        </Button>
      </div>

      {many && (
        <div className="mt-auto flex items-center justify-between gap-2 border-t border-accent/15 px-2 py-1">
          <Button variant="ghost" size="icon" aria-label="Previous announcement" onClick={() => go(current - 1)}>
            <ChevronLeft aria-hidden />
          </Button>
          <div className="flex flex-wrap items-center justify-center">
            {visible.map((a, i) => (
              <button
                key={a.id}
                type="button"
                aria-label={`Show announcement ${i + 1}: ${a.title}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
                className="group flex size-11 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-ring md:size-8"
              >
                <span
                  className={cn(
                    'block size-2.5 rounded-full transition-colors',
                    i === current ? 'bg-accent' : 'bg-stone-300 group-hover:bg-stone-400',
                  )}
                />
              </button>
            ))}
          </div>
          <Button variant="ghost" size="icon" aria-label="Next announcement" onClick={() => go(current + 1)}>
            <ChevronRight aria-hidden />
          </Button>
        </div>
      )}
    </section>
  );
}

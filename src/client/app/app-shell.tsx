import { BrandLogo } from '@client/components/brand-logo';

/**
 * What index.html paints before any JavaScript runs (the app shell, ADR 0151), as React
 * renders it while the first page's chunk finishes loading, so the screen never goes blank
 * between the two. Keep the two alike.
 */
export function AppShell() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4" role="status">
      <BrandLogo />
      <span className="text-sm text-muted-foreground">Loading the portal…</span>
    </div>
  );
}

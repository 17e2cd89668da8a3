import { CircleAlert, ShoppingCart } from 'lucide-react';
import type { ReactNode } from 'react';
import { CART_MESSAGES } from '@common/domain/cart-rules';
import { LoadingState } from '@client/components/loading-state';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';

/** "Loading your cart...". */
export function CartLoading() {
  return <LoadingState>Loading your cart...</LoadingState>;
}

/** Cart Error: "Could not establish an active cart. Please try again." */
export function CartLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Alert variant="destructive" className="my-8">
      <CircleAlert aria-hidden />
      <AlertTitle>Cart Error</AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-3">
        {CART_MESSAGES.noActiveCart}
        <Button variant="outline" size="sm" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/**
 * The "Your cart is empty" in the glossary's words (docs/decisions/0213): "This PO is empty" or
 * "This sample order is empty", with the way to fill it (docs/ui-rules.md: empty states say what to do next).
 */
export function CartEmpty({ noun, children }: { noun: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent">
        <ShoppingCart className="size-6" aria-hidden />
      </span>
      <p className="text-lg font-semibold">This {noun} is empty</p>
      <p className="max-w-sm text-sm text-muted-foreground">Find tiles in stock and add them here.</p>
      <div className="flex flex-wrap justify-center gap-2">{children}</div>
    </div>
  );
}

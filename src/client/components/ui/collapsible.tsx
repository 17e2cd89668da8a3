import * as CollapsiblePrimitive from '@radix-ui/react-collapsible';

/** Radix Collapsible: the trigger is a real button (aria-expanded) and the content is hidden when closed. */
export const Collapsible = CollapsiblePrimitive.Root;
export const CollapsibleTrigger = CollapsiblePrimitive.Trigger;
export const CollapsibleContent = CollapsiblePrimitive.Content;

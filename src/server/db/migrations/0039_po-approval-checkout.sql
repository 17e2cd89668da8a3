-- A PO submitted for approval keeps the checkout the requester filled in (delivery, ship-to, location,
-- notes, PO reference, requested date), so the company admin's approval places the order as it was
-- asked for (docs/decisions/0233-company-orders-and-approvals.md). Null when the PO is not submitted.
ALTER TABLE "carts" ADD COLUMN "submitted_checkout" jsonb;

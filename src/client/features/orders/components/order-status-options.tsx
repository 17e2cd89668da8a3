import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@common/domain/order-status';

/** The <option>s of docs/product-decisions.md's order statuses, for the filter and the admin's status editor. */
export function OrderStatusOptions() {
  return ORDER_STATUSES.map((status) => (
    <option key={status} value={status}>
      {ORDER_STATUS_LABELS[status]}
    </option>
  ));
}

import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '@common/domain/order-status';

/** The <option>s of docs/product-decisions.md's order statuses (all of them, or the ones given), for the filter and the admin's status editor. */
export function OrderStatusOptions({ statuses = ORDER_STATUSES }: { statuses?: readonly OrderStatus[] }) {
  return statuses.map((status) => (
    <option key={status} value={status}>
      {ORDER_STATUS_LABELS[status]}
    </option>
  ));
}

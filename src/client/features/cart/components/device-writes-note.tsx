import { Link } from 'wouter';

/**
 * What of a rep's sample order is still on the device (docs/decisions/0239): the changes waiting to be
 * sent, an order placed offline, and the refusals that wait for review on /field (where they are fixed).
 */
export function DeviceWritesNote({ waiting, placing, toReview }: { waiting: number; placing: boolean; toReview: number }) {
  if (waiting === 0 && !placing && toReview === 0) return null;
  const lines = waiting === 1 ? '1 line changed on this device is' : `${waiting} lines changed on this device are`;
  return (
    <div role="status" className="rounded-md border border-warning/30 bg-warning-soft px-3 py-2 text-sm text-warning print:hidden">
      {waiting > 0 && <p>{lines} waiting to send: they go in order when the network is back.</p>}
      {placing && <p>This sample order was placed on this device and is waiting to send.</p>}
      {toReview > 0 && (
        <p>
          {toReview === 1 ? '1 change was refused by the portal: ' : `${toReview} changes were refused by the portal: `}
          <Link href="/field" className="font-medium underline underline-offset-2">
            review on Field sample order
          </Link>
        </p>
      )}
    </div>
  );
}

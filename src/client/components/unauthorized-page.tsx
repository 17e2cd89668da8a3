import { ShieldAlert } from 'lucide-react';
import { NoticeScreen } from './notice-screen';

/** Spec §2 and §8: a screen the active role may not use. The server refuses its calls as well. */
export function UnauthorizedPage() {
  return (
    <NoticeScreen
      icon={ShieldAlert}
      title="Unauthorized"
      message="You don't have permission to access this page."
      linkHref="/dashboard"
      linkLabel="Back to Dashboard"
    />
  );
}

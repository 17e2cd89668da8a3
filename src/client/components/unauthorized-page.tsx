import { ShieldAlert } from 'lucide-react';
import { NoticeScreen } from './notice-screen';
import { useFrame } from './page-frame';

/**
 * A screen the active role may not use. The server refuses its calls as
 * well. An admin acting as another role is offered Switch to Admin (the frame supplies it).
 */
export function UnauthorizedPage() {
  const action = useFrame()?.unauthorizedAction;
  return (
    <NoticeScreen
      icon={ShieldAlert}
      title="Unauthorized"
      message="You don't have permission to access this page."
      linkHref="/dashboard"
      linkLabel="Back to Dashboard"
      action={action}
    />
  );
}

import { CircleAlert } from 'lucide-react';
import { NoticeScreen } from '@client/components/notice-screen';

/** Any other path. */
export function NotFoundPage() {
  return (
    <NoticeScreen
      icon={CircleAlert}
      title="404 Page Not Found"
      message="Did you forget to add the page to the router?"
      linkHref="/"
      linkLabel="Go to the start page"
    />
  );
}

import { KeyRound, Pencil, Trash2 } from 'lucide-react';
import type { UserView } from '@common/contracts/users';
import { Button } from '@client/components/ui/button';

export interface UserActionHandlers {
  onEdit: (user: UserView) => void;
  onResetPassword: (user: UserView) => void;
  onDelete: (user: UserView) => void;
}

/** Actions column: edit, reset password, delete. Each button names its user for screen readers. */
export function UserActions({ user, isSelf, onEdit, onResetPassword, onDelete }: UserActionHandlers & { user: UserView; isSelf: boolean }) {
  return (
    <div className="flex items-center justify-end gap-1">
      <Button variant="ghost" size="icon" aria-label={`Edit ${user.username}`} title="Edit" onClick={() => onEdit(user)}>
        <Pencil aria-hidden />
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Reset password of ${user.username}`} title="Reset password" onClick={() => onResetPassword(user)}>
        <KeyRound aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="text-destructive hover:bg-destructive-soft hover:text-destructive"
        aria-label={`Delete ${user.username}`}
        title={isSelf ? 'You cannot delete your own account' : 'Delete'}
        disabled={isSelf}
        onClick={() => onDelete(user)}
      >
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}

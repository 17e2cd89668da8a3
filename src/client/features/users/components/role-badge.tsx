import { ROLE_LABELS, type Role } from '@common/domain/permissions';
import { Badge } from '@client/components/ui/badge';

export function RoleBadge({ role }: { role: Role }) {
  return <Badge variant={role === 'admin' ? 'accent' : role === 'salesperson' ? 'default' : 'outline'}>{ROLE_LABELS[role]}</Badge>;
}

import {
  Activity,
  BookOpen,
  ClipboardList,
  FolderOpen,
  Gift,
  History,
  Megaphone,
  PackagePlus,
  PackageSearch,
  Receipt,
  ShoppingCart,
  Upload,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { DashboardTileId } from '@common/domain/dashboard-tiles';

export const TILE_ICONS: Record<DashboardTileId, LucideIcon> = {
  'check-stock': PackageSearch,
  cart: ShoppingCart,
  'cart-select': ClipboardList,
  'quick-add': PackagePlus,
  'additional-merchandise': Gift,
  prices: Receipt,
  catalog: BookOpen,
  orders: History,
  files: FolderOpen,
  'manage-merchandise': Upload,
  'manage-users': Users,
  announcements: Megaphone,
  'activity-logs': Activity,
};

import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';

/**
 * 300 users and `rows` activity rows over about two years (one every 63 s, newest
 * first by id), in the mix a busy portal writes: mostly page views, then cart work,
 * sign-ins, searches and the rest of the types.
 */
export async function seedActivity(db: Db, rows: number): Promise<void> {
  // 300 people; a few share a surname so a search for it matches several users.
  const surnames = ['smith', 'garcia', 'chen', 'patel', 'nguyen', 'khan', 'rossi', 'muller', 'silva', 'kowalski'];
  await db.execute(sql`
    insert into users (username, password_hash, role, is_temporary_password)
    select (array['ann','bob','cara','dev','eli','fay','gus','hana','ivan','jo'])[1 + g % 10]
           || ${sql.raw(`(array['${surnames.join("','")}'])`)}[1 + (g / 10) % 10] || g,
           'x', case when g % 20 = 0 then 'bold_customer' else 'salesperson' end, false
    from generate_series(1, 300) g`);

  // A realistic mix: mostly page views, then cart work, sign-ins and the rest (types).
  await db.execute(sql`
    insert into activity_logs (user_id, type, description, ip_address, user_agent, session_id, url, duration, created_at)
    select u.id, t.type,
      case t.type
        when 'page_view' then u.username || ' viewed /' || (array['stock','cart','dashboard','files','catalog','quick-add'])[1 + g % 6]
        when 'login' then u.username || ' logged in'
        when 'logout' then u.username || ' logged out'
        when 'product_added' then u.username || ' added ' || (1 + g % 9) || ' x SKU ' || (1000 + g % 2955) || ' to the cart'
        when 'stock_searched' then u.username || ' searched stock for "' || (array['white','12x24','marble','hex','black matte'])[1 + g % 5] || '"'
        else u.username || ' ' || replace(t.type, '_', ' ') || ' #' || g
      end,
      '10.' || (g % 200) || '.' || (g % 97) || '.' || (g % 251),
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0',
      md5((g / 40)::text),
      '/api/x',
      case when t.type = 'page_view' then (g % 90000) else null end,
      now() - make_interval(secs => g * 63)
    from generate_series(1, ${rows}::int) g
    cross join lateral (select id, username from users where id = 2 + (g::bigint * 7919 % 300)::int) u
    cross join lateral (select case
        when g % 100 < 55 then 'page_view' when g % 100 < 62 then 'login' when g % 100 < 67 then 'logout'
        when g % 100 < 77 then 'cart_updated' when g % 100 < 85 then 'product_added' when g % 100 < 90 then 'stock_searched'
        else (array['order_created','file_downloaded','user_updated','export_generated','password_changed','cart_cleared','filter_applied','session_timeout','order_updated','cart_created'])[1 + g % 10]
      end as type) t`);
}

import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { CompanyView } from '@common/contracts/companies';
import { useCompanySearch } from '@client/api/search-companies';
import { Input } from '@client/components/ui/input';
import { cn } from '@client/lib/utils';

const SEARCH_DELAY_MS = 250;

export type CompanyChoice = Pick<CompanyView, 'id' | 'name' | 'accountNumber'>;

const describe = (c: CompanyChoice) => (c.accountNumber ? `${c.name} (${c.accountNumber})` : c.name);

/**
 * One company found by its name or account number (GET /api/companies?search=, admins): the ARIA
 * combobox pattern (WAI-ARIA APG "Editable Combobox With List Autocomplete"). Typing searches; the
 * arrow keys move through the matches, Enter or a click chooses, Escape closes the list and then
 * puts back the chosen company. Emptying the box and leaving it chooses nobody. The label, hint and
 * error come from the caller (`id` and `aria-describedby`, as FormField hands them).
 */
export function CompanyCombobox({
  value,
  onChange,
  id,
  placeholder = 'Company name or account number',
  className,
  ...aria
}: {
  value: CompanyChoice | null;
  onChange: (company: CompanyChoice | null) => void;
  id: string;
  placeholder?: string;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const listId = useId();
  const shownText = value ? describe(value) : '';
  const [text, setText] = useState(shownText);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [settled, setSettled] = useState('');
  // The choice changed from outside (the URL, a reset): the box shows it.
  const [shown, setShown] = useState(shownText);
  if (shown !== shownText) {
    setShown(shownText);
    setText(shownText);
  }
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  // The chosen company's own text is not a search: the list then offers the first companies by name.
  const term = value && text === shownText ? '' : settled;
  const search = useCompanySearch(term, open);
  // The last search's matches are not offered for new text: Enter would choose a company the text does not name.
  const stale = search.isPlaceholderData || (term !== '' && term !== text.trim());
  const matches = stale ? [] : (search.data?.companies ?? []);
  const more = (search.data?.total ?? 0) - matches.length;

  const choose = (company: CompanyChoice | null) => {
    setOpen(false);
    setActive(-1);
    setText(company ? describe(company) : '');
    if (company?.id !== value?.id) onChange(company);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (matches.length === 0 ? -1 : (i + step + matches.length) % matches.length));
    } else if (event.key === 'Enter' && open && matches[active]) {
      event.preventDefault();
      choose(matches[active]);
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else setText(shownText);
    }
  };

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <div className={cn('relative', className)}>
      <Input
        id={id}
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        placeholder={placeholder}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        {...aria}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (text.trim() === '') choose(null);
          else {
            setOpen(false);
            setText(shownText);
          }
        }}
      />
      <div hidden={!open} className="absolute inset-x-0 top-full z-30 mt-1 rounded-md border border-border bg-surface p-1 text-sm shadow-md">
        <ul id={listId} role="listbox" aria-label="Companies" className="max-h-72 overflow-y-auto">
          {matches.map((company, index) => (
            <li
              key={company.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Chosen on mousedown, before the box's blur would close the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(company);
              }}
              className={cn('flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-sm px-2 py-1.5 md:min-h-9', index === active && 'bg-accent-soft')}
            >
              <span className="min-w-0 break-words">{company.name}</span>
              {company.accountNumber && <span className="nums shrink-0 text-xs text-muted-foreground">{company.accountNumber}</span>}
            </li>
          ))}
        </ul>
        {open && !search.isPending && !stale && matches.length === 0 && (
          <p className="px-2 py-1.5 text-muted-foreground">{term ? `No company matches “${term}”` : 'No companies yet'}</p>
        )}
        {more > 0 && <p className="px-2 py-1.5 text-xs text-muted-foreground">{more} more: type more of the name or account number</p>}
      </div>
    </div>
  );
}

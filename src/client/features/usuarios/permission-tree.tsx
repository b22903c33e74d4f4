// Permission tree: filter box, select all, expand/collapse all, independent parent and
// child checks, at most 500px high (the spec) or, on a taller screen, as high as the screen leaves room for.
import { useId, useMemo, useState } from 'react';
import { ChevronRight, FoldVertical, UnfoldVertical } from 'lucide-react';
import { LABELS } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { Input } from '@client/components/ui/input';
import { cn } from '@client/lib/cn';
import { allValues, filterTree, parentValues, type TreeNode } from './tree-utils';

const L = LABELS.usuarios;

export interface PermissionTreeProps {
  tree: readonly TreeNode[];
  checked: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
  disabled?: boolean;
}

function Node({
  node,
  expanded,
  forceOpen,
  checked,
  toggleExpand,
  toggleCheck,
  disabled,
}: {
  node: TreeNode;
  expanded: ReadonlySet<number>;
  forceOpen: boolean;
  checked: ReadonlySet<number>;
  toggleExpand: (v: number) => void;
  toggleCheck: (v: number, on: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const hasKids = !!node.children?.length;
  const open = hasKids && (forceOpen || expanded.has(node.value));
  return (
    <li>
      <div className="flex items-center gap-1.5 rounded px-1 py-0.5 hover:bg-slate-50">
        {hasKids ? (
          <button
            type="button"
            aria-label={`${open ? L.collapse : L.expand} ${node.text}`}
            aria-expanded={open}
            onClick={() => toggleExpand(node.value)}
            className="cursor-pointer rounded p-0.5 text-slate-500 hover:bg-slate-200"
          >
            <ChevronRight className={cn('size-4 transition-transform', open && 'rotate-90')} aria-hidden="true" />
          </button>
        ) : (
          <span className="w-5" aria-hidden="true" />
        )}
        <Checkbox
          id={id}
          checked={checked.has(node.value)}
          disabled={disabled}
          onCheckedChange={(v) => toggleCheck(node.value, v === true)}
        />
        <label htmlFor={id} className={cn('cursor-pointer text-sm text-slate-800 select-none', hasKids && 'font-semibold')}>
          {node.text}
        </label>
      </div>
      {open && (
        <ul className="ml-5 border-l border-slate-200 pl-2">
          {node.children!.map((c) => (
            <Node key={c.value} {...{ node: c, expanded, forceOpen, checked, toggleExpand, toggleCheck, disabled }} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function PermissionTree({ tree, checked, onChange, disabled }: PermissionTreeProps) {
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set(tree.map((n) => n.value)));
  const shown = useMemo(() => filterTree(tree, query), [tree, query]);
  const every = useMemo(() => allValues(tree), [tree]);
  const allChecked = every.length > 0 && every.every((v) => checked.has(v));
  const someChecked = every.some((v) => checked.has(v));

  const toggleExpand = (v: number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(v)) next.delete(v);
      else next.add(v);
      return next;
    });
  const toggleCheck = (v: number, on: boolean) => {
    const next = new Set(checked);
    if (on) next.add(v);
    else next.delete(v);
    onChange(next);
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Input
          type="search"
          aria-label={L.filter}
          placeholder={L.filter}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="h-8 min-w-48 flex-1"
        />
        <Button variant="outline" size="sm" onClick={() => setExpanded(new Set(parentValues(tree)))}>
          <UnfoldVertical aria-hidden="true" /> {L.expandAll}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setExpanded(new Set())}>
          <FoldVertical aria-hidden="true" /> {L.collapseAll}
        </Button>
      </div>
      <div className="flex items-center gap-2 border-b border-border px-1 pb-2">
        <Checkbox
          id="perm-select-all"
          checked={allChecked ? true : someChecked ? 'indeterminate' : false}
          disabled={disabled}
          onCheckedChange={(v) => onChange(v === true ? new Set(every) : new Set())}
        />
        <label htmlFor="perm-select-all" className="cursor-pointer text-sm font-semibold text-slate-700">
          {LABELS.selectAll}
        </label>
      </div>
      <ul className="max-h-[max(500px,calc(100dvh-20rem))] overflow-y-auto pr-1" data-testid="permission-tree">
        {shown.map((n) => (
          <Node
            key={n.value}
            node={n}
            expanded={expanded}
            forceOpen={query.trim() !== ''}
            checked={checked}
            toggleExpand={toggleExpand}
            toggleCheck={toggleCheck}
            disabled={disabled}
          />
        ))}
      </ul>
    </div>
  );
}

// Pure helpers of the permission tree: every value, the values of nodes with children, and the text filter.
export interface TreeNode {
  text: string;
  value: number;
  checked?: boolean;
  children?: TreeNode[];
}

export function allValues(nodes: readonly TreeNode[], out: number[] = []): number[] {
  for (const n of nodes) {
    out.push(n.value);
    if (n.children) allValues(n.children, out);
  }
  return out;
}

export function parentValues(nodes: readonly TreeNode[], out: number[] = []): number[] {
  for (const n of nodes) {
    if (n.children?.length) {
      out.push(n.value);
      parentValues(n.children, out);
    }
  }
  return out;
}

/** Lower case without accents, for matching 'Almacén' with 'almacen'. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/**
 * Nodes whose text (or code) matches, with their ancestors; a matching parent keeps all its children.
 * An empty query returns the tree unchanged.
 */
export function filterTree(nodes: readonly TreeNode[], query: string): TreeNode[] {
  const q = fold(query);
  if (!q) return nodes as TreeNode[];
  const walk = (list: readonly TreeNode[]): TreeNode[] =>
    list.flatMap((n) => {
      if (fold(n.text).includes(q) || String(n.value) === q) return [n];
      const kids = n.children ? walk(n.children) : [];
      return kids.length ? [{ ...n, children: kids }] : [];
    });
  return walk(nodes);
}

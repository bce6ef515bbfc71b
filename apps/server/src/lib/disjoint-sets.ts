/**
 * Disjoint sets (union-find with path compression): which items are connected through a chain of
 * links. Used to group linked accounts (modules/risk/groups.ts, docs/decisions/049) and to find
 * statement lines and recharges that could match one another (modules/reconciliation/match.ts,
 * docs/decisions/033). Keys are compared with Map semantics (numbers or strings).
 */
export class DisjointSets<K> {
  private readonly parent = new Map<K, K>();

  /** The representative of `x`'s set; an unseen `x` becomes a set of its own. */
  find(x: K): K {
    if (!this.parent.has(x)) {
      this.parent.set(x, x);
      return x;
    }
    let root = x;
    while (this.parent.get(root) !== root) root = this.parent.get(root)!;
    let node = x;
    while (node !== root) {
      const next = this.parent.get(node)!;
      this.parent.set(node, root);
      node = next;
    }
    return root;
  }

  /** Joins the sets of `a` and `b`. */
  union(a: K, b: K): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(ra, rb);
  }
}

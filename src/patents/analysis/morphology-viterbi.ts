// The Viterbi search of morphology.ts over a sentence's lattice: kuromoji's ViterbiSearcher (the first strictly
// cheaper predecessor wins, so ties break alike) over nodes kept as columns. Apart from the lattice builder, which
// walks the dictionary, so that each module stays readable; its scratch arrays are reused across sentences.

const BOS = -1;
const NONE = -2;

/**
 * Lattice nodes of one sentence as columns; grown by doubling, reused across sentences. A node
 * points at its dictionary entry (word id, left id, right id, cost) in Morphology.table.
 */
export class Nodes {
  size = 0;
  start = new Int32Array(1024);
  /** The next node ending at the same position (lattice order), -1 after the last: Morphology.endHead starts each list. */
  next = new Int32Array(1024);
  entry = new Int32Array(1024);
  /** The entry's left id, right id and word cost, copied beside the node so the search reads them in order. */
  left = new Int32Array(1024);
  right = new Int32Array(1024);
  cost = new Int32Array(1024);
  /** End of the surface in the sentence (UTF-16 offset); it starts at the node's start position. */
  to = new Int32Array(1024);
  best = new Float64Array(1024);
  prev = new Int32Array(1024);

  grow(): void {
    this.start = doubled(this.start);
    this.next = doubled(this.next);
    this.entry = doubled(this.entry);
    this.left = doubled(this.left);
    this.right = doubled(this.right);
    this.cost = doubled(this.cost);
    this.to = doubled(this.to);
    this.best = doubled(this.best);
    this.prev = doubled(this.prev);
  }
}

function doubled<T extends Int32Array | Float64Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}

/** kuromoji's Viterbi search, with the connection costs and its scratch arrays. */
export class Viterbi {
  /** Connection costs by [left id of the node][right id of its predecessor] (kuromoji stores them the other way round). */
  private readonly costs: Int16Array;
  private readonly forward: number;
  // search(): the nodes ending right before the current position, their path costs and right ids side by side.
  private predNode = new Int32Array(256);
  private predBest = new Float64Array(256);
  private predRight = new Int32Array(256);
  path = new Int32Array(1024);
  // search(): the best predecessor per left id of the nodes starting at one position (stamped per position).
  private readonly memoStamp: Int32Array;
  private readonly memoCost: Float64Array;
  private readonly memoChosen: Int32Array;
  private serial = 0;

  constructor(costs: Int16Array, forward: number, backward: number) {
    // Transposed (dictionary.ts), so the costs a node's left id meets from its predecessors lie in
    // one row (in cache) instead of one per predecessor: the Viterbi search's inner loop is ~25 reads a character.
    this.costs = costs;
    this.forward = forward;
    this.memoStamp = new Int32Array(backward);
    this.memoCost = new Float64Array(backward);
    this.memoChosen = new Int32Array(backward);
  }

  /**
   * kuromoji's ViterbiSearcher over the nodes: the cheapest path from BOS to EOS. Leaves its
   * nodes in this.path from last to first and returns how many (0 when EOS cannot be reached).
   * Nodes by the position they end at, each list in lattice order (ties go to the first): endHead, Nodes.next;
   * lastEnd is the furthest end.
   */
  search(nodes: Nodes, endHead: Int32Array, lastEnd: number): number {
    const { costs, forward } = this;
    const count = nodes.size;
    const { best, prev, start, left, right, next, cost: wordCost } = nodes;
    const { memoStamp, memoCost, memoChosen } = this;
    if (this.predNode.length < count) {
      this.predNode = new Int32Array(2 * count);
      this.predBest = new Float64Array(2 * count);
      this.predRight = new Int32Array(2 * count);
    }
    const { predNode, predBest, predRight } = this;
    let preds = 0;
    // Nodes in lattice order, that is by start position: every node ending before a position
    // is done when the first node starting there comes. The nodes starting at one position
    // share their predecessors, so the best predecessor (and the path cost through it, before
    // the node's own word cost) depends only on the node's left id: found once per left id.
    // Costs are integers far below 2^53, so adding the word cost afterwards keeps kuromoji's
    // comparisons (and the first of equal predecessors wins, as in kuromoji).
    let stamp = 0;
    let stampedStart = -1;
    for (let n = 0; n < count; n++) {
      const nodeStart = start[n]!;
      if (nodeStart !== stampedStart) {
        stampedStart = nodeStart;
        if (this.serial === 0x7fffffff) {
          this.serial = 0;
          memoStamp.fill(0);
        }
        stamp = ++this.serial;
        // The nodes ending right before this position are all done: their costs and right ids side by side for the loop below.
        // (None end at 0: BOS comes first.)
        preds = 0;
        for (let p = endHead[nodeStart - 1]!; p >= 0; p = next[p]!) {
          predNode[preds] = p;
          predBest[preds] = best[p]!;
          predRight[preds++] = right[p]!;
        }
      }
      const leftId = left[n]!;
      if (memoStamp[leftId] !== stamp) {
        memoStamp[leftId] = stamp;
        const before = nodeStart - 1;
        let cost = Number.MAX_VALUE;
        let chosen = NONE;
        if (before === 0) {
          // BOS: path cost 0, right id 0.
          cost = costs[leftId * forward]!;
          chosen = BOS;
        } else {
          // When no node ends right before this one, kuromoji leaves it unreachable (cost MAX, no predecessor).
          const row = leftId * forward;
          for (let k = 0; k < preds; k++) {
            const through = predBest[k]! + costs[row + predRight[k]!]!;
            if (through < cost) {
              cost = through;
              chosen = predNode[k]!;
            }
          }
        }
        memoCost[leftId] = cost;
        memoChosen[leftId] = chosen;
      }
      const chosen = memoChosen[leftId]!;
      best[n] = chosen === NONE ? Number.MAX_VALUE : memoCost[leftId]! + wordCost[n]!;
      prev[n] = chosen;
    }
    // EOS: left id 0, word cost 0, after the last position.
    let cost = Number.MAX_VALUE;
    let last = NONE;
    for (let p = endHead[lastEnd]!; p >= 0; p = next[p]!) {
      const through = best[p]! + costs[right[p]!]!;
      if (through < cost) {
        cost = through;
        last = p;
      }
    }
    if (this.path.length < count) this.path = new Int32Array(2 * count);
    let length = 0;
    for (let n = last; n !== BOS; n = prev[n]!) {
      if (n === NONE) return 0;
      this.path[length++] = n;
    }
    return length;
  }
}

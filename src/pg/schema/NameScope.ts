/**
 * One GraphQL namespace being filled during reflection: the schema's type names, the root query
 * fields, or the fields of one object type (which share their names with the type's `where`
 * input). Names the user gave (`rename`, `computed`) are reserved first and always win; an
 * inflected name that is taken moves to the next candidate its caller offers, then to the first
 * free numeric suffix (`2`, `3`, …), and a warning says what moved and why (docs/pg.md, "Name
 * collisions"). Two names the user gave that collide are an error: nothing can part them but the
 * user.
 */
export class NameScope {
  /** Name → what holds it, for the warning about whatever wanted it later. */
  private readonly taken = new Map<string, string>();
  /** Names the user gave, by the thing they are for. */
  private readonly reserved = new Map<string, string>();

  constructor(
    /** `Query`, `types`, or the type name: said in warnings. */
    private readonly label: string,
    private readonly warnings: string[],
    /** Names no reflected thing may take (built-in types, `and`/`or`/`not` of `where`). */
    builtIn: Iterable<string> = [],
  ) {
    for (const name of builtIn) this.taken.set(name, 'a built-in name');
  }

  /** Reserves the names a user-given name stands for (a to-many relation has three). */
  reserve(names: ReadonlyArray<string>, what: string): void {
    for (const name of names) {
      const holder = this.reserved.get(name) ?? this.taken.get(name);
      if (holder !== undefined && holder !== what) {
        throw new Error(
          `${this.place(name)} is given to both ${holder} and ${what} (options rename / computed); give one of them another name.`,
        );
      }
      this.reserved.set(name, what);
    }
  }

  /**
   * Claims the first free base name among `wanted`, `alternatives`, then `wanted` + 2, 3, … for
   * `what`; `names(base)` lists every name the base stands for (all must be free). A base the user
   * gave (reserved for `what`) is taken as it is.
   */
  claim(
    what: string,
    wanted: string,
    names: (base: string) => ReadonlyArray<string> = (base) => [base],
    alternatives: ReadonlyArray<string> = [],
  ): string {
    if (names(wanted).every((n) => this.reserved.get(n) === what)) {
      for (const n of names(wanted)) this.taken.set(n, what);
      return wanted;
    }
    const free = (base: string) =>
      names(base).every((n) => !this.taken.has(n) && !this.reserved.has(n));
    let base = [wanted, ...alternatives].find(free);
    for (let n = 2; base === undefined; n++) {
      if (free(`${wanted}${n}`)) base = `${wanted}${n}`;
    }
    if (base !== wanted) {
      const clash = names(wanted).find((n) => this.taken.has(n) || this.reserved.has(n)) as string;
      const holder = this.taken.get(clash) ?? this.reserved.get(clash);
      this.warnings.push(
        `${this.place(clash)} is taken by ${holder}, so ${what} is named ${this.place(base)}; ` +
          'the rename option chooses another name.',
      );
    }
    for (const n of names(base)) this.taken.set(n, what);
    return base;
  }

  private place(name: string): string {
    return this.label === 'types' ? name : `${this.label}.${name}`;
  }
}

import { Lanes } from './lanes';

/** A piece of work that records when it starts and ends when the test lets it (or fails, if told to). */
function gatedWork(log: string[], name: string) {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const gate = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  const work = async () => {
    log.push(`start ${name}`);
    await gate;
    log.push(`end ${name}`);
    return name;
  };
  return { work, open, fail };
}

const turns = () => new Promise((r) => setImmediate(r));

describe('Lanes', () => {
  it('one at a time per key, in order of arrival; other keys run meanwhile', async () => {
    const lanes = new Lanes<number>();
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => gatedWork(log, name));
    const other = gatedWork(log, 'other');
    const answers = [lanes.run(1, a.work), lanes.run(1, b.work), lanes.run(2, other.work)];
    const last = lanes.run(1, c.work);
    await turns();
    expect(log).toEqual(['start a', 'start other']);

    a.open();
    await turns();
    expect(log).toEqual(['start a', 'start other', 'end a', 'start b']);
    b.open();
    other.open();
    c.open();
    expect(await Promise.all([...answers, last])).toEqual(['a', 'b', 'other', 'c']);
    expect(log.filter((line) => line.endsWith(' c'))).toEqual(['start c', 'end c']);
  });

  it('a failed turn fails its caller alone; the next runs, and an idle key is forgotten', async () => {
    const lanes = new Lanes<number>();
    const log: string[] = [];
    const [a, b] = ['a', 'b'].map((name) => gatedWork(log, name));
    const failed = lanes.run(1, a.work);
    const next = lanes.run(1, b.work);
    a.fail(new Error('lleno'));
    await expect(failed).rejects.toThrow('lleno');
    b.open();
    expect(await next).toBe('b');
    await turns();
    expect(lanes.busy).toBe(0);
  });
});

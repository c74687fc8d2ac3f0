"""The kill harness behind scripts/kill-harness (run that; it builds coffer first).

Makes a vault of ITEMS items (a generated CSV imported with a key file: no KDF cost),
then, until ITERATIONS kills have landed, starts a modifying command (add, edit, remove,
import --into, in turn) and SIGKILLs it after a random delay within its usual running
time (the median of uninterrupted calibration runs; every other kill falls within the
write phase, from the temporary file's creation to the end). After every run: `coffer
verify` with the key passes, the content is exactly the old or exactly the new content
(items compared one by one through `export --format json`), and when a temporary file
was left behind, the next write (run to completion) removes it. Prints one summary line;
exits 1 if anything failed.
"""

import argparse
import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def main():
    parser = argparse.ArgumentParser(prog="kill-harness")
    parser.add_argument("--coffer", required=True)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--items", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 32)
    rng = random.Random(seed)
    work = tempfile.mkdtemp(prefix="coffer-kill-")
    try:
        harness = Harness(args.coffer, work, rng)
        harness.prepare(args.items)
        harness.run(args.iterations)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    h = harness
    print(
        f"kill-harness: {h.kills} SIGKILLs in {h.iterations} runs (seed {seed}, {args.items} items): "
        f"{h.mid_write} mid-write with a temporary file left, "
        f"{h.published_then_killed} after publishing, {h.before_write} before any write; "
        f"{h.completed} commands finished before the kill; {len(h.failures)} failures"
    )
    for failure in h.failures[:20]:
        print("  FAILED " + failure)
    sys.exit(1 if h.failures else 0)


class Harness:
    COMMANDS = ["add", "edit", "remove", "import"]

    def __init__(self, coffer, work, rng):
        self.coffer = coffer
        self.work = work
        self.rng = rng
        self.vault = os.path.join(work, "v.coffer")
        self.key = os.path.join(work, "key")
        self.key_args = ["--no-passphrase", "--key-file", self.key]
        self.iterations = 0
        self.kills = 0
        self.mid_write = 0
        self.published_then_killed = 0
        self.before_write = 0
        self.completed = 0
        self.failures = []
        self.durations = {name: [] for name in self.COMMANDS}
        self.write_starts = {name: [] for name in self.COMMANDS}

    def coffer_run(self, args, check=True):
        result = subprocess.run([self.coffer] + args, cwd=self.work, capture_output=True)
        if check and result.returncode != 0:
            raise RuntimeError(f"coffer {' '.join(args)}: exit {result.returncode}: {result.stderr.decode()}")
        return result

    def prepare(self, items):
        with open(self.key, "wb") as f:
            f.write(os.urandom(32))
        csv = os.path.join(self.work, "items.csv")
        with open(csv, "w") as f:
            f.write("title,username,password,url,notes\n")
            for i in range(items):
                f.write(f"item {i},user{i}@example.org,pw-{self.rng.getrandbits(64):016x},https://s{i}.example,note {i}\n")
        self.coffer_run(["create", self.vault] + self.key_args)
        self.coffer_run(["import", csv, "--into", self.vault] + self.key_args)
        self.state = self.snapshot()
        if len(self.state) != items:
            raise RuntimeError(f"the vault holds {len(self.state)} items, not {items}")

    def snapshot(self):
        """The vault's items: id -> a digest of the item's JSON."""
        result = self.coffer_run(["export", self.vault, "--format", "json"] + self.key_args)
        items = json.loads(result.stdout)["items"]
        return {
            item["id"]: (item["title"], item.get("notes"), hashlib.sha256(json.dumps(item, sort_keys=True).encode()).hexdigest())
            for item in items
        }

    def temporaries(self):
        return [n for n in os.listdir(self.work) if n.startswith(".v.coffer.tmp-")]

    def command(self, name, i):
        """The arguments of command `name` and a test that recognises its new content."""
        old = self.state
        if name == "add":
            title = f"kh-add-{i}"
            return ["add", self.vault, "--title", title], lambda new: added(old, new, {title})
        if name == "edit":
            target = self.rng.choice(sorted(old))
            marker = f"kh-edit-{i}"
            return ["edit", self.vault, target, "--notes", marker], lambda new: edited(old, new, target, marker)
        if name == "remove":
            target = self.rng.choice(sorted(old))
            return ["remove", self.vault, target], lambda new: set(new) == set(old) - {target} and all(
                new[k] == old[k] for k in new
            )
        csv = os.path.join(self.work, "more.csv")
        titles = {f"kh-import-{i}-{j}" for j in range(self.rng.randint(1, 3))}
        with open(csv, "w") as f:
            f.write("title,username,password\n")
            for t in sorted(titles):
                f.write(f"{t},u,p{i}\n")
        return ["import", csv, "--into", self.vault], lambda new: added(old, new, titles)

    def run(self, iterations):
        for n in range(3):  # calibrate: how long each command runs, and when it starts writing
            for name in self.COMMANDS:
                args, _ = self.command(name, f"calibrate-{n}")
                start = time.monotonic()
                process = subprocess.Popen(
                    [self.coffer] + args + self.key_args,
                    cwd=self.work,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
                writing = None
                while process.poll() is None:
                    if writing is None and self.temporaries():
                        writing = time.monotonic() - start
                    time.sleep(0.0005)
                if process.returncode != 0:
                    raise RuntimeError(f"coffer {name} failed while calibrating")
                self.durations[name].append(time.monotonic() - start)
                if writing is not None:
                    self.write_starts[name].append(writing)
                self.state = self.snapshot()
        # Until ITERATIONS kills have landed (a command that finishes first is checked but not
        # counted); bounded in case the commands keep finishing first.
        i = -1
        while self.kills < iterations and self.iterations < 2 * iterations + 10:
            i += 1
            self.iterations += 1
            name = self.COMMANDS[i % len(self.COMMANDS)]
            if i and i % 100 == 0:
                print(f"kill-harness: {self.kills} kills, {len(self.failures)} failures", file=sys.stderr, flush=True)
            try:
                self.iteration(i, name)
            except Exception as error:  # a harness error is a failure too, and stops the run
                self.failures.append(f"iteration {i} ({name}): {error}")
                break

    def iteration(self, i, name):
        args, is_new = self.command(name, i)
        usual = median(self.durations[name])
        # A moment within the usual running time (a few runs are quicker and finish first):
        # every other iteration anywhere in it, the others within its write phase (from the
        # temporary file's creation to the end), which is short but where a kill matters most.
        if i % 2 and self.write_starts[name]:
            delay = self.rng.uniform(min(median(self.write_starts[name]) * 0.9, usual), usual)
        else:
            delay = self.rng.uniform(0, usual * 0.9)
        start = time.monotonic()
        process = subprocess.Popen(
            [self.coffer] + args + self.key_args, cwd=self.work, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        time.sleep(delay)
        killed = process.poll() is None
        if killed:
            process.send_signal(signal.SIGKILL)
        process.wait()
        stderr = process.stderr.read().decode()
        process.stderr.close()
        if not killed:
            self.completed += 1
            self.durations[name].append(time.monotonic() - start)
            if process.returncode != 0:
                self.failures.append(f"iteration {i}: coffer {name} exited {process.returncode}: {stderr.strip()}")
        else:
            self.kills += 1
        left = self.temporaries()
        verify = self.coffer_run(["verify", self.vault] + self.key_args, check=False)
        if verify.returncode != 0:
            self.failures.append(f"iteration {i} ({name}): verify failed: {verify.stdout.decode().strip()}")
            raise RuntimeError("the vault no longer verifies")
        new = self.snapshot()
        if new == self.state:
            if killed:
                if left:
                    self.mid_write += 1
                else:
                    self.before_write += 1
            elif process.returncode == 0:
                self.failures.append(f"iteration {i} ({name}): finished but the content did not change")
        elif is_new(new):
            if killed:
                self.published_then_killed += 1
        else:
            self.failures.append(f"iteration {i} ({name}): the content is neither the old nor the new")
            raise RuntimeError("content mixed")
        self.state = new
        if left:
            # The next write, run to completion, removes what the killed one left.
            args, is_new = self.command("add", f"{i}-clean")
            self.coffer_run(args + self.key_args)
            remaining = self.temporaries()
            if remaining:
                self.failures.append(f"iteration {i} ({name}): {remaining} left after the next write")
            self.state = self.snapshot()


def median(values):
    return sorted(values)[len(values) // 2]


def added(old, new, titles):
    fresh = set(new) - set(old)
    return set(old) <= set(new) and {new[k][0] for k in fresh} == titles and len(fresh) == len(titles) and all(
        new[k] == old[k] for k in old
    )


def edited(old, new, target, marker):
    return (
        set(new) == set(old)
        and new[target][1] == marker
        and all(new[k] == old[k] for k in old if k != target)
    )


if __name__ == "__main__":
    main()

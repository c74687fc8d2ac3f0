#!/usr/bin/env python3
"""Runs a command on a new pseudo-terminal and types answers at its no-echo prompts.

    pty_answer.py ANSWER... -- COMMAND ARG...

Each time the command turns the terminal's echo off (how coffer asks for a secret) and its
prompt (text ending in ": ") has arrived, the next ANSWER and a line feed are typed. Echo
must be off first: typing earlier would be flushed by the TCSAFLUSH that turns it off. The
prompt must have arrived too: a pty delivers output asynchronously, so echo can read as off
before the prompt written ahead of it is readable; a watermark taken then would let that
late prompt pass for the next one, and the next answer, typed while the command still
reads this one, would be flushed by the TCSAFLUSH that turns echo back on. What the terminal showed goes to stdout; the exit
status is the command's (124 after 120 seconds without an end, 125 when answers ran out).
For the CLI tests of "asked twice"; no timing decides a result, only the echo flag.
"""
import os
import pty
import select
import signal
import sys
import termios
import time


def main() -> int:
    sep = sys.argv.index("--")
    answers = [a.encode() for a in sys.argv[1:sep]]
    command = sys.argv[sep + 1:]
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(command[0], command)
    shown = b""
    # Output length when the last answer was typed, its prompt included: the command writes
    # a line feed after it turns echo back on, so a prompt seen after it is the next one.
    answered_at = None
    deadline = time.monotonic() + 120
    status = None
    code = None  # the command's wait status, once reaped

    def ended() -> bool:
        """Reaps the command if it has exited (without waiting)."""
        nonlocal code
        if code is None:
            done, raw = os.waitpid(pid, os.WNOHANG)
            if done != 0:
                code = raw
        return code is not None

    while time.monotonic() < deadline:
        readable, _, _ = select.select([fd], [], [], 0.02)
        if readable:
            try:
                data = os.read(fd, 4096)
            except OSError:
                data = b""
            if not data:
                # End of the terminal: the command is exiting. Anything else (a moment
                # without an open slave) is waited out, never taken for the end.
                if ended():
                    break
                time.sleep(0.02)
                continue
            shown += data
        try:
            echo = termios.tcgetattr(fd)[3] & termios.ECHO
        except termios.error:
            if ended():
                break
            continue
        if echo:
            answered_at = None
        elif (answered_at is None or len(shown) > answered_at) and shown.endswith(b": "):
            if not answers:
                os.kill(pid, signal.SIGTERM)
                sys.stderr.write("pty_answer: asked once more than there are answers\n")
                status = 125
                break
            os.write(fd, answers.pop(0) + b"\n")
            answered_at = len(shown)
    # Never wait forever: a command still running at the deadline is killed (status 124).
    while not ended():
        if time.monotonic() >= deadline:
            os.kill(pid, signal.SIGKILL)
            _, code = os.waitpid(pid, 0)
            status = 124 if status is None else status
            sys.stderr.write("pty_answer: still running after 120 s, killed\n")
        else:
            time.sleep(0.02)
    sys.stdout.buffer.write(shown)
    if status is not None:
        return status
    return os.waitstatus_to_exitcode(code)


if __name__ == "__main__":
    sys.exit(main())

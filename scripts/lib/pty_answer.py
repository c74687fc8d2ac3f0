#!/usr/bin/env python3
"""Runs a command on a new pseudo-terminal and types answers at its no-echo prompts.

    pty_answer.py ANSWER... -- COMMAND ARG...

Each time the command turns the terminal's echo off (how coffer asks for a secret), the
next ANSWER and a line feed are typed, once echo is off: typing earlier would be flushed
by the TCSAFLUSH that turns it off. What the terminal showed goes to stdout; the exit
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
    # Output length when the last answer was typed: the command writes a line feed after
    # it turns echo back on, so echo seen off after new output is the next prompt's.
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
        elif answered_at is None or len(shown) > answered_at:
            if not answers:
                os.kill(pid, signal.SIGTERM)
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
        else:
            time.sleep(0.02)
    sys.stdout.buffer.write(shown)
    if status is not None:
        return status
    return os.waitstatus_to_exitcode(code)


if __name__ == "__main__":
    sys.exit(main())

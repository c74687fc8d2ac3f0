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
    while time.monotonic() < deadline:
        readable, _, _ = select.select([fd], [], [], 0.02)
        if readable:
            try:
                data = os.read(fd, 4096)
            except OSError:
                data = b""
            if not data:
                break
            shown += data
        try:
            echo = termios.tcgetattr(fd)[3] & termios.ECHO
        except termios.error:
            break
        if echo:
            answered_at = None
        elif answered_at is None or len(shown) > answered_at:
            if not answers:
                os.kill(pid, signal.SIGTERM)
                status = 125
                break
            os.write(fd, answers.pop(0) + b"\n")
            answered_at = len(shown)
    else:
        os.kill(pid, signal.SIGKILL)
        status = 124
    _, code = os.waitpid(pid, 0)
    sys.stdout.buffer.write(shown)
    if status is not None:
        return status
    return os.waitstatus_to_exitcode(code)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Copies stdin to stdout with each ESC byte written as <ESC>, so FileCheck
can match ANSI color codes."""
import sys

sys.stdout.write(sys.stdin.read().replace("\x1b", "<ESC>"))

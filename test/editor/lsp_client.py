"""A small Language Server Protocol client over a server's stdin/stdout.

Used by the editor test and the latency benchmark to talk to clangd the way
an editor does: JSON-RPC messages with Content-Length headers, requests
answered by id, notifications (publishDiagnostics) collected as they come.
"""
import json
import os
import queue
import subprocess
import threading
import time


class LspClient:
    def __init__(self, command, cwd, env=None, stderr=None):
        self.proc = subprocess.Popen(
            command, cwd=cwd, env=env, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=stderr or subprocess.DEVNULL)
        self.next_id = 0
        self.responses = {}
        self.notifications = queue.Queue()
        self.lock = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.notifications.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode().partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            message = json.loads(out.read(length))
            if "id" in message and "method" not in message:
                with self.lock:
                    self.responses[message["id"]] = message
                    self.lock.notify_all()
            elif "id" in message:
                # A request from the server (workDoneProgress/create...).
                self._send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            else:
                self.notifications.put((time.monotonic(), message))

    def _send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def request(self, method, params, timeout=60):
        self.next_id += 1
        rid = self.next_id
        self._send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        deadline = time.monotonic() + timeout
        with self.lock:
            while rid not in self.responses:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"no answer to {method} in {timeout}s")
                self.lock.wait(left)
            return self.responses.pop(rid)

    def notify(self, method, params):
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def initialize(self, root, code_actions=False):
        """code_actions: the client takes a diagnostic's fixes inline
        (codeActionsInline), as VS Code's clangd extension does."""
        uri = "file://" + os.path.abspath(root)
        published = {"relatedInformation": True, "versionSupport": True,
                     "codeDescriptionSupport": True}
        if code_actions:
            published["codeActionsInline"] = True
        result = self.request("initialize", {
            "processId": os.getpid(),
            "rootUri": uri,
            "workspaceFolders": [{"uri": uri, "name": "project"}],
            "capabilities": {"textDocument": {"publishDiagnostics": published}},
        })
        self.notify("initialized", {})
        return result

    def open(self, path, text, version=1, language="cuda-cpp"):
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": "file://" + os.path.abspath(path), "languageId": language,
            "version": version, "text": text}})

    def change(self, path, text, version):
        self.notify("textDocument/didChange", {
            "textDocument": {"uri": "file://" + os.path.abspath(path), "version": version},
            "contentChanges": [{"text": text}]})

    def close(self, path):
        self.notify("textDocument/didClose", {"textDocument": {
            "uri": "file://" + os.path.abspath(path)}})

    def diagnostics(self, path, version, timeout=120):
        """The diagnostics published for path at version, and when they came."""
        uri = "file://" + os.path.abspath(path)
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no diagnostics for {path} v{version} in {timeout}s")
            item = self.notifications.get(timeout=left)
            if item is None:
                raise RuntimeError("the server exited")
            when, message = item
            if message.get("method") != "textDocument/publishDiagnostics":
                continue
            params = message["params"]
            if params["uri"] == uri and params.get("version") == version:
                return when, params["diagnostics"]

    def shutdown(self):
        try:
            self.request("shutdown", None, timeout=30)
            self.notify("exit", None)
            self.proc.wait(timeout=30)
        except Exception:
            self.proc.kill()
            self.proc.wait()


class Checks:
    """The editor tests' verdicts: each check printed "ok:" or "FAIL:" as it
    is made, the failures kept for the exit code."""

    def __init__(self):
        self.failures = []

    def expect(self, cond, what):
        print(("ok: " if cond else "FAIL: ") + what)
        if not cond:
            self.failures.append(what)

#!/usr/bin/env python3
"""A loopback TCP proxy in front of PostgreSQL that counts round trips and can add latency.

usage: scripts/pg-proxy.py --target HOST:PORT|/socket/dir/.s.PGSQL.PORT [--delay-ms 10]
                           [--port-file FILE] [--count-file FILE]

Listens on 127.0.0.1 (a free port, written to --port-file once listening). Every byte is passed
on unchanged, each direction delayed by --delay-ms (order kept), so a 10 ms delay is a 20 ms
round trip. A "turn" is each time the client speaks after the server has (the first message
counts), so `psql -c 'select 1'` is 3 turns: startup, the query, terminate. When a client
connection closes, one line "turns N" is appended to --count-file.
"""
import argparse
import asyncio
import os
import sys

parser = argparse.ArgumentParser()
parser.add_argument("--target", required=True)
parser.add_argument("--delay-ms", type=float, default=0.0)
parser.add_argument("--port-file")
parser.add_argument("--count-file")
args = parser.parse_args()
delay = args.delay_ms / 1000.0


async def open_target():
    if args.target.startswith("/"):
        return await asyncio.open_unix_connection(args.target)
    host, port = args.target.rsplit(":", 1)
    return await asyncio.open_connection(host, int(port))


class Turns:
    def __init__(self):
        self.count = 0
        self.last = "server"

    def saw(self, side):
        if side == "client" and self.last == "server":
            self.count += 1
        self.last = side


async def pump(reader, writer, side, turns):
    """Copies reader to writer; with a delay each chunk is delivered `delay` after it arrived."""
    loop = asyncio.get_running_loop()
    queue = asyncio.Queue()

    async def deliver():
        while True:
            due, data = await queue.get()
            if data is None:
                break
            wait = due - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            writer.write(data)
            await writer.drain()
        try:
            writer.write_eof()
        except (OSError, RuntimeError):
            pass

    delivering = asyncio.create_task(deliver())
    try:
        while True:
            data = await reader.read(65536)
            if not data:
                break
            turns.saw(side)
            await queue.put((loop.time() + delay, data))
    except (ConnectionError, OSError):
        pass
    await queue.put((0, None))
    try:
        await delivering
    except (ConnectionError, OSError):
        pass


async def handle(client_reader, client_writer):
    turns = Turns()
    try:
        server_reader, server_writer = await open_target()
    except OSError as error:
        print(f"pg-proxy: cannot reach {args.target}: {error}", file=sys.stderr)
        client_writer.close()
        return
    await asyncio.gather(
        pump(client_reader, server_writer, "client", turns),
        pump(server_reader, client_writer, "server", turns))
    for writer in (client_writer, server_writer):
        writer.close()
    if args.count_file:
        with open(args.count_file, "a") as counts:
            counts.write(f"turns {turns.count}\n")


async def main():
    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    if args.port_file:
        with open(args.port_file + ".tmp", "w") as file:
            file.write(f"{port}\n")
        os.replace(args.port_file + ".tmp", args.port_file)
    else:
        print(port, flush=True)
    async with server:
        await server.serve_forever()


try:
    asyncio.run(main())
except KeyboardInterrupt:
    pass

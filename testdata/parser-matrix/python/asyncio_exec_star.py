# create_subprocess_exec(*ARGV) spreads a constant list.
import asyncio

ARGV = ["claude", "-p"]


async def main():
    await asyncio.create_subprocess_exec(*ARGV)  # want "RED:variable-execution"

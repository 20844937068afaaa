# Builds the bbengine UCI engine where engine-testing frameworks expect it:
#   make                 -> ./bbengine
#   make EXE=/path/to/x  -> /path/to/x   (OpenBench passes EXE)
EXE ?= bbengine
CARGO ?= cargo

.PHONY: all clean
all:
	$(CARGO) build --release -p bbengine
	cp target/release/bbengine $(EXE)

clean:
	$(CARGO) clean

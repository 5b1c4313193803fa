# cuda-coalesce in an image, with nothing to build on the host:
#   docker build -t cuda-coalesce .
#   docker run --rm -v "$PWD:/src" cuda-coalesce src/kernel.cu
# The build stage compiles the tools and writes the .deb (cpack); the
# runtime stage is Debian 12 with that .deb installed and nothing else, so
# it holds no compiler and no LLVM development package. The pre-commit hook
# `cuda-coalesce-docker` (.pre-commit-hooks.yaml) builds and runs this image.

FROM debian:12 AS build
ENV DEBIAN_FRONTEND=noninteractive
COPY scripts/setup.sh /tmp/setup.sh
# The build's packages are the ones scripts/setup.sh names for it, so this
# stage and a developer's machine cannot drift apart.
RUN apt-get update \
 && bash /tmp/setup.sh --print-build-packages \
    | xargs apt-get install -y --no-install-recommends \
 && rm -rf /var/lib/apt/lists/*
COPY . /src
RUN cmake -S /src -B /build -G Ninja -DCMAKE_BUILD_TYPE=Release \
          -DCUDA_COALESCE_BUILD_TESTS=OFF \
 && cmake --build /build \
 && cd /build && cpack -G DEB -B /pkg

FROM debian:12
ENV DEBIAN_FRONTEND=noninteractive
COPY --from=build /pkg/cuda-coalesce_*_amd64.deb /tmp/
RUN apt-get update \
 && apt-get install -y --no-install-recommends /tmp/cuda-coalesce_*_amd64.deb \
 && rm -rf /var/lib/apt/lists/* /tmp/cuda-coalesce_*_amd64.deb
# pre-commit runs the container as the host's user, whose home may not
# exist in the image: the analyzer's cache goes where anyone may write.
ENV XDG_CACHE_HOME=/tmp/cuda-coalesce-cache
WORKDIR /src
ENTRYPOINT ["cuda-coalesce"]

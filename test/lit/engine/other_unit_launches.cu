// A kernel defined in one file and launched from another (a program's
// main.cu and kernels.cu): with both files in one run, the kernel runs under
// the launch of a file of the same folder, by its mangled name, its integer
// arguments by position. Not followed: a launch from another folder (a run
// over many programs), launches of the same folder that disagree, a kernel
// the file launches itself, a template's specialization, the launch of a
// kernel the launching file defines itself (another program's of the same
// name), a kernel two files of the folder define. The files are in
// Inputs/other_unit; this file only drives them.
//
// RUN: cd %S/Inputs/other_unit
// RUN: %coalesce --format=json kernels.cu main.cu second.cu sub/main.cu student.cu dup.cu | %summarize | FileCheck %s --check-prefixes=CHECK,OTHERS
// The order of the files does not matter: the launches are gathered first.
// RUN: %coalesce --format=json dup.cu student.cu sub/main.cu second.cu main.cu kernels.cu | %summarize | FileCheck %s --check-prefixes=CHECK,OTHERS
// A launch of the kernel from main.cu alone: not disputed; and definedTwice
// defined once.
// RUN: %coalesce --format=json kernels.cu main.cu | %summarize | FileCheck %s --check-prefix=UNDISPUTED
// Alone, kernels.cu knows only its own launch.
// RUN: %coalesce --format=json kernels.cu | %summarize | FileCheck %s --check-prefix=ALONE --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// Where a value comes from: the launch in the other file.
// RUN: %coalesce kernels.cu main.cu 2>&1 | FileCheck %s --check-prefix=TEXT
// The cache keeps the two analyses of kernels.cu apart.
// RUN: rm -rf %t.cache
// RUN: %coalesce --cache-dir=%t.cache --format=json kernels.cu | %summarize | FileCheck %s --check-prefix=ALONE
// RUN: %coalesce --cache-dir=%t.cache --format=json kernels.cu main.cu second.cu dup.cu | %summarize | FileCheck %s --check-prefix=CHECK
// RUN: %coalesce --cache-dir=%t.cache --format=json kernels.cu | %summarize | FileCheck %s --check-prefix=ALONE

// dup.cu's kernel (its file before kernels.cu's in the report).
// OTHERS: 3:44 store `out[threadIdx.x * 2]` addr=out + 8*threadIdx.x spr=8
// spread: main.cu's dim3(512) block, 32 bytes between lanes.
// CHECK: 5:3 store `out[threadIdx.x * (blockDim.x / 64)]` addr=out + 32*threadIdx.x spr=32 ideal=4 eff=0.125 strided FLAGGED
// ALONE: 5:3 store `out[threadIdx.x * (blockDim.x / 64)]` addr=out + 4*threadIdx.x*(blockDim.x / 64) spr=16 ideal=4 eff=0.25 strided FLAGGED
// strided: main.cu passes 2 to the parameter it calls stride.
// CHECK: 10:3 store `out[threadIdx.x * step]` addr=out + 4*threadIdx.x*step spr=8 ideal=4 eff=0.5 strided FLAGGED
// ALONE: 10:3 store `out[threadIdx.x * step]` addr=out + 4*threadIdx.x*step spr=32 ideal=4 eff=0.125 strided unless step == 1 FLAGGED
// TEXT: kernels.cu:10:3: note: lane address = out + 4*threadIdx.x*step, assuming step = 2 (the launch at main.cu:12)
// ownLaunch: its own launch, 128 threads, in every run.
// CHECK: 15:3 store `out[threadIdx.x * (blockDim.x / 64)]` addr=out + 8*threadIdx.x spr=8
// ALONE: 15:3 store `out[threadIdx.x * (blockDim.x / 64)]` addr=out + 8*threadIdx.x spr=8
// disputed: 512 threads in main.cu, 64 in second.cu; the default block.
// CHECK: 20:3 store `out[threadIdx.x * (blockDim.x / 64)]` addr=out + 4*threadIdx.x*(blockDim.x / 64) spr=16
// ALONE: 20:3 store `out[threadIdx.x * (blockDim.x / 64)]` addr=out + 4*threadIdx.x*(blockDim.x / 64) spr=16
// UNDISPUTED: 20:3 store `out[threadIdx.x * (blockDim.x / 64)]` addr=out + 32*threadIdx.x spr=32
// elsewhere: launched from sub/, another folder; the default block.
// CHECK: 25:3 store `out[threadIdx.x * (blockDim.x / 64)]` addr=out + 4*threadIdx.x*(blockDim.x / 64) spr=16
// ALONE: 25:3 store `out[threadIdx.x * (blockDim.x / 64)]` addr=out + 4*threadIdx.x*(blockDim.x / 64) spr=16
// templated<1>: the default block.
// CHECK: 30:3 store `out[threadIdx.x * (blockDim.x / 64) * N]` addr=out + 4*threadIdx.x*(blockDim.x / 64) spr=16
// ALONE: 30:3 store `out[threadIdx.x * (blockDim.x / 64) * N]` addr=out + 4*threadIdx.x*(blockDim.x / 64) spr=16
// sameName: student.cu's launch is of its own kernel; the default block.
// CHECK: 39:3 store `out[threadIdx.x * (blockDim.x / 64)]` addr=out + 4*threadIdx.x*(blockDim.x / 64) spr=16
// ALONE: 39:3 store `out[threadIdx.x * (blockDim.x / 64)]` addr=out + 4*threadIdx.x*(blockDim.x / 64) spr=16
// definedTwice: dup.cu defines it too; the default block. Defined once,
// main.cu's 512 threads.
// CHECK: 44:3 store `out[threadIdx.x * (blockDim.x / 64)]` addr=out + 4*threadIdx.x*(blockDim.x / 64) spr=16
// ALONE: 44:3 store `out[threadIdx.x * (blockDim.x / 64)]` addr=out + 4*threadIdx.x*(blockDim.x / 64) spr=16
// UNDISPUTED: 44:3 store `out[threadIdx.x * (blockDim.x / 64)]` addr=out + 32*threadIdx.x spr=32
// student.cu's own kernel (its file after kernels.cu's in the report).
// OTHERS: 3:40 store `out[threadIdx.x]` addr=out + 4*threadIdx.x spr=4

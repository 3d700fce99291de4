// cuda_occupancy.cc — cross-checks cusim's static occupancy on the shipped
// NVIDIA profiles against the CUDA Occupancy Calculator itself
// (cuda_occupancy.h from the CUDA toolkit, included, not copied).
//
// The profiles are every configs/hw/nvidia-*.yaml: a shipped NVIDIA profile
// without a row in `devices` below fails the check, so none is left out.
// For each profile, a grid of block sizes, register counts and shared-memory
// sizes runs through both: cusim via its public API (the shipped profile and
// tests/xcheck/kernel.yaml with --set overrides), CUDA via
// cudaOccMaxActiveBlocksPerMultiprocessor with the device properties of the
// CUDA Programming Guide's compute-capability tables, written here
// independently of the profiles. Every point must agree: the same number of
// blocks, or both saying the block cannot launch.
//
// Usage: cuda_occupancy_xcheck REPO_ROOT   (exit 0 when all points agree)
#include <cuda_occupancy.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "cusim.h"

namespace {

struct Device {
    const char *profile;
    int major, minor, max_threads_sm, max_smem_sm, optin, reserved;
};

// CUDA Programming Guide, "Technical Specifications per Compute Capability"
// (max resident threads per SM, shared memory per SM and per block opt-in)
// and its "Shared Memory" sections (1 KB reserved per block from cc 8.0).
const Device devices[] = {
    { "nvidia-sm70", 7, 0, 2048, 96 * 1024, 96 * 1024, 0 },
    { "nvidia-sm75", 7, 5, 1024, 64 * 1024, 64 * 1024, 0 },
    { "nvidia-sm80", 8, 0, 2048, 164 * 1024, 163 * 1024, 1024 },
    { "nvidia-sm86", 8, 6, 1536, 100 * 1024, 99 * 1024, 1024 },
    { "nvidia-sm89", 8, 9, 1536, 100 * 1024, 99 * 1024, 1024 },
    { "nvidia-sm90", 9, 0, 2048, 228 * 1024, 227 * 1024, 1024 },
    { "nvidia-h200", 9, 0, 2048, 228 * 1024, 227 * 1024, 1024 },
};

// The shipped NVIDIA profiles: configs/hw/nvidia-*.yaml, by name.
std::vector<std::string> nvidia_profiles(const std::string &root)
{
    std::vector<std::string> names;
    for (const auto &e : std::filesystem::directory_iterator(root + "/configs/hw")) {
        std::string f = e.path().filename().string();
        if (f.rfind("nvidia-", 0) == 0 && f.size() > 5
            && f.compare(f.size() - 5, 5, ".yaml") == 0)
            names.push_back(f.substr(0, f.size() - 5));
    }
    std::sort(names.begin(), names.end());
    return names;
}

const Device *device_of(const std::string &profile)
{
    for (const Device &d : devices)
        if (profile == d.profile)
            return &d;
    return nullptr;
}

void cuda_setup(const Device &d, int regs, int smem, cudaOccDeviceProp &prop,
                cudaOccFuncAttributes &attr)
{
    prop.computeMajor = d.major;
    prop.computeMinor = d.minor;
    prop.maxThreadsPerBlock = 1024;
    prop.maxThreadsPerMultiprocessor = d.max_threads_sm;
    prop.regsPerBlock = 65536;
    prop.regsPerMultiprocessor = 65536;
    prop.warpSize = 32;
    prop.sharedMemPerBlock = 48 * 1024;
    prop.sharedMemPerMultiprocessor = (size_t)d.max_smem_sm;
    prop.numSms = 1;
    prop.sharedMemPerBlockOptin = (size_t)d.optin;
    prop.reservedSharedMemPerBlock = (size_t)d.reserved;

    attr.maxThreadsPerBlock = 1024;
    attr.numRegs = regs;
    attr.sharedSizeBytes = (size_t)smem;
    attr.partitionedGCConfig = PARTITIONED_GC_OFF;
    attr.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
    attr.maxDynamicSharedSizeBytes = 0;
    attr.numBlockBarriers = 1;
}

int cuda_blocks(const Device &d, int threads, int regs, int smem)
{
    cudaOccDeviceProp prop;
    cudaOccFuncAttributes attr;
    cuda_setup(d, regs, smem, prop, attr);
    cudaOccDeviceState state;
    cudaOccResult result;
    if (cudaOccMaxActiveBlocksPerMultiprocessor(&result, &prop, &attr, &state,
                                                threads, 0) != CUDA_OCC_SUCCESS)
        return -1;
    return result.activeBlocksPerMultiprocessor;
}

// cudaOccMaxPotentialOccupancyBlockSize's block size (0: none launches).
int cuda_best_size(const Device &d, int regs, int smem)
{
    cudaOccDeviceProp prop;
    cudaOccFuncAttributes attr;
    cuda_setup(d, regs, smem, prop, attr);
    cudaOccDeviceState state;
    int min_grid = 0, block = 0;
    if (cudaOccMaxPotentialOccupancyBlockSize(&min_grid, &block, &prop, &attr,
                                              &state, nullptr, 0)
        != CUDA_OCC_SUCCESS)
        return -1;
    return block;
}

}  // namespace

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s REPO_ROOT\n", argv[0]);
        return 2;
    }
    const std::string root = argv[1];
    const std::string kernel = root + "/tests/xcheck/kernel.yaml";
    static const int smems[] = { 0, 1, 100, 1296, 4096, 12000, 40000, 49152,
                                 65536, 70000, 100000, 101376, 166912,
                                 232448 };
    int points = 0, mismatches = 0, profiles = 0;
    for (const std::string &name : nvidia_profiles(root)) {
        const Device *dp = device_of(name);
        if (!dp) {
            std::fprintf(stderr, "configs/hw/%s.yaml: no CUDA device row in "
                         "tests/xcheck/cuda_occupancy.cc\n", name.c_str());
            return 1;
        }
        const Device &d = *dp;
        profiles++;
        const std::string hw_path = root + "/configs/hw/" + d.profile + ".yaml";
        cusim_hw hw;   /* the profile as shipped: the sets are kernel keys */
        cusim_error err;
        if (cusim_hw_load(hw_path.c_str(), nullptr, 0, &hw, &err)) {
            cusim_error_print(&err, stderr);
            return 1;
        }
        for (int threads = 1; threads <= 1024; threads += threads < 64 ? 7 : 29)
            for (int regs = 1; regs <= 255; regs += 6)
                for (int smem : smems) {
                    std::string wg = std::to_string(threads);
                    std::string rg = std::to_string(regs);
                    std::string sm = std::to_string(smem);
                    cusim_set sets[3] = {
                        { "kernel.workgroup_size", wg.c_str(), "--set", 1, 1 },
                        { "kernel.registers", rg.c_str(), "--set", 2, 1 },
                        { "kernel.shared_bytes", sm.c_str(), "--set", 3, 1 },
                    };
                    cusim_kernel k;
                    if (cusim_kernel_load(kernel.c_str(), sets, 3, &k, &err)) {
                        cusim_error_print(&err, stderr);
                        return 1;
                    }
                    cusim_occupancy occ;
                    int ours = cusim_occupancy_compute(&hw, &k, &occ, &err) == 0
                                   ? (int)occ.workgroups_per_cu : 0;
                    cusim_kernel_free(&k);
                    int theirs = cuda_blocks(d, threads, regs, smem);
                    points++;
                    if (ours != theirs && mismatches++ < 20)
                        std::fprintf(stderr, "%s: %d threads x %d registers, "
                                     "%d B shared: cusim %d blocks, CUDA %d\n",
                                     d.profile, threads, regs, smem, ours,
                                     theirs);
                }
    }
    // The best block size (cusim_occupancy_best against
    // cudaOccMaxPotentialOccupancyBlockSize) for every register count and
    // shared-memory size of the grid above, on every profile.
    for (const std::string &name : nvidia_profiles(root)) {
        const Device &d = *device_of(name);
        const std::string hw_path = root + "/configs/hw/" + d.profile + ".yaml";
        cusim_hw hw;
        cusim_error err;
        if (cusim_hw_load(hw_path.c_str(), nullptr, 0, &hw, &err)) {
            cusim_error_print(&err, stderr);
            return 1;
        }
        for (int regs = 1; regs <= 255; regs += 6)
            for (int smem : smems) {
                std::string rg = std::to_string(regs);
                std::string sm = std::to_string(smem);
                cusim_set sets[2] = {
                    { "kernel.registers", rg.c_str(), "--set", 1, 1 },
                    { "kernel.shared_bytes", sm.c_str(), "--set", 2, 1 },
                };
                cusim_kernel k;
                if (cusim_kernel_load(kernel.c_str(), sets, 2, &k, &err)) {
                    cusim_error_print(&err, stderr);
                    return 1;
                }
                cusim_occupancy occ;
                int ours = 0;
                if (cusim_occupancy_compute(&hw, &k, &occ, &err) == 0) {
                    cusim_occupancy_best(&hw, &k, &occ);
                    ours = (int)occ.best_workgroup_size;
                }
                cusim_kernel_free(&k);
                int theirs = cuda_best_size(d, regs, smem);
                if (theirs < 0)
                    theirs = 0;
                points++;
                if (ours != theirs && mismatches++ < 20)
                    std::fprintf(stderr, "%s: %d registers, %d B shared: "
                                 "cusim best size %d, CUDA %d\n", d.profile,
                                 regs, smem, ours, theirs);
            }
    }
    std::printf("cuda_occupancy xcheck: %d profiles, %d points, %d mismatches\n",
                profiles, points, mismatches);
    return mismatches == 0 ? 0 : 1;
}

/*
 * vk-isa.c — a SPIR-V compute shader compiled by a Vulkan driver (Mesa's
 * RADV, on a GPU or on its null device) and printed as the listing
 * `cusim import --format radv` reads: a header of '; ' lines, the
 * driver's statistics, then its final ISA (docs/import.md, "The Vulkan
 * path"). scripts/compile-vulkan runs it; the Makefile builds it as
 * build/$(BUILD)/vk-isa where libvulkan is installed.
 *
 * Usage: vk-isa SHADER.spv [ENTRY]   (ENTRY default "main")
 *
 * With no AMD GPU, RADV_FORCE_FAMILY=navi21 (or gfx1100, vega10, ...)
 * makes RADV create a null device that compiles but runs nothing, and
 * VK_ICD_FILENAMES=.../radeon_icd.x86_64.json keeps other drivers out.
 * The pipeline is created with the capture flags of
 * VK_KHR_pipeline_executable_properties, whose statistics and
 * representations are printed as the driver words them.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vulkan/vulkan.h>

#define MAX_STATS 64
#define MAX_REPS 8

/* Stops with `what` and the Vulkan result when `r` is an error. */
static void check(VkResult r, const char *what)
{
    if (r != VK_SUCCESS) {
        fprintf(stderr, "vk-isa: %s failed (VkResult %d)\n", what, (int)r);
        exit(1);
    }
}

/* The file `path` as 32-bit words (*n of them; the caller frees it). */
static uint32_t *read_spirv(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "vk-isa: cannot open %s\n", path);
        exit(1);
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    rewind(f);
    uint32_t *w = size > 0 ? malloc((size_t)size) : NULL;
    if (!w || size % 4 || fread(w, 1, (size_t)size, f) != (size_t)size
        || w[0] != 0x07230203u) {
        fprintf(stderr, "vk-isa: %s is not a SPIR-V module\n", path);
        exit(1);
    }
    fclose(f);
    *n = (size_t)size / 4;
    return w;
}

/* The LocalSize execution mode's x, y, z into `xyz` (0s when absent: a
 * LocalSizeId or a WorkgroupSize constant, which the listing then lacks).
 * OpExecutionMode is opcode 16, mode LocalSize 17. */
static void local_size(const uint32_t *w, size_t n, uint32_t xyz[3])
{
    xyz[0] = xyz[1] = xyz[2] = 0;
    for (size_t i = 5; i < n;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        if (len == 0 || i + len > n)
            break;
        if (op == 16 && len == 6 && w[i + 2] == 17)
            memcpy(xyz, &w[i + 3], 3 * sizeof xyz[0]);
        i += len;
    }
}

/* The first physical device whose driver is RADV (with its name and
 * driver info in `drv`), or exits saying which devices there are. */
static VkPhysicalDevice pick_radv(VkInstance inst,
                                  VkPhysicalDeviceProperties2 *props,
                                  VkPhysicalDeviceDriverProperties *drv)
{
    VkPhysicalDevice devs[16];
    uint32_t n = 16;
    check(vkEnumeratePhysicalDevices(inst, &n, devs),
          "vkEnumeratePhysicalDevices");
    for (uint32_t i = 0; i < n; i++) {
        *drv = (VkPhysicalDeviceDriverProperties){
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES };
        *props = (VkPhysicalDeviceProperties2){
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
            .pNext = drv };
        vkGetPhysicalDeviceProperties2(devs[i], props);
        if (drv->driverID == VK_DRIVER_ID_MESA_RADV)
            return devs[i];
        fprintf(stderr, "vk-isa: skipping %s (not RADV)\n",
                props->properties.deviceName);
    }
    fprintf(stderr, "vk-isa: no RADV device among %u (no AMD GPU? set "
            "RADV_FORCE_FAMILY=navi21 for RADV's null device)\n", n);
    exit(1);
}

/* A device with pipelineExecutableInfo enabled and one compute queue. */
static VkDevice make_device(VkPhysicalDevice pd)
{
    VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR exe = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR,
        .pipelineExecutableInfo = VK_TRUE };
    float prio = 1.0f;
    VkDeviceQueueCreateInfo q = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
        .queueFamilyIndex = 0, .queueCount = 1, .pQueuePriorities = &prio };
    const char *ext = VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME;
    VkDeviceCreateInfo ci = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = &exe,
        .queueCreateInfoCount = 1, .pQueueCreateInfos = &q,
        .enabledExtensionCount = 1, .ppEnabledExtensionNames = &ext };
    VkDevice dev;
    check(vkCreateDevice(pd, &ci, NULL, &dev), "vkCreateDevice");
    return dev;
}

/* The descriptor set layouts the shader's resources need, from its
 * decorations: a variable in StorageBuffer, or in Uniform with a
 * BufferBlock struct, is a storage buffer; in Uniform with a Block
 * struct, a uniform buffer. Images and samplers (UniformConstant) are
 * refused. Returns the number of sets (at most MAX_SETS) in `sets`. */
#define MAX_SETS 4
#define MAX_BINDINGS 32
static uint32_t set_layouts(VkDevice dev, const uint32_t *w, size_t n,
                            VkDescriptorSetLayout sets[MAX_SETS])
{
    uint32_t bound = w[3];
    uint32_t *set = calloc(bound, sizeof *set), *bind = calloc(bound, 4);
    uint32_t *ptr = calloc(bound, 4), *cls = calloc(bound, 4);
    uint8_t *buffer_block = calloc(bound, 1);
    if (!set || !bind || !ptr || !cls || !buffer_block) {
        fprintf(stderr, "vk-isa: out of memory\n");
        exit(1);
    }
    VkDescriptorSetLayoutBinding b[MAX_SETS][MAX_BINDINGS];
    uint32_t nb[MAX_SETS] = { 0 }, n_sets = 0;
    for (size_t i = 5; i < n;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        if (len < 2 || i + len > n)
            break;
        /* a: the operands; an id among them is checked against bound
         * only where it is one (OpExtension's first word is a string) */
        const uint32_t *a = &w[i + 1];
        if (op == 71 && len >= 3 && a[0] < bound) {       /* OpDecorate */
            if (a[1] == 34 && len >= 4)                   /* DescriptorSet */
                set[a[0]] = a[2] + 1;
            else if (a[1] == 33 && len >= 4)              /* Binding */
                bind[a[0]] = a[2] + 1;
            else if (a[1] == 3)                           /* BufferBlock */
                buffer_block[a[0]] = 1;
        } else if (op == 32 && len == 4 && a[0] < bound && a[2] < bound) {
            ptr[a[0]] = a[2];                             /* OpTypePointer */
        } else if (op == 59 && len >= 4 && a[0] < bound && a[1] < bound) {
            cls[a[1]] = a[2] + 1;                         /* OpVariable */
            ptr[a[1]] = ptr[a[0]];      /* the variable's pointee */
        }
        i += len;
    }
    for (uint32_t id = 0; id < bound; id++) {
        if (!set[id] || !bind[id] || !cls[id])
            continue;
        uint32_t s = set[id] - 1, c = cls[id] - 1;
        if (s >= MAX_SETS || nb[s] == MAX_BINDINGS || c == 0) {
            fprintf(stderr, "vk-isa: set %u binding %u: only buffers in "
                    "sets 0-%d are supported\n", s, bind[id] - 1,
                    MAX_SETS - 1);
            exit(1);
        }
        bool storage = c == 12 || buffer_block[ptr[id]];
        b[s][nb[s]++] = (VkDescriptorSetLayoutBinding){
            .binding = bind[id] - 1, .descriptorCount = 1,
            .descriptorType = storage ? VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
                                      : VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
            .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT };
        if (s + 1 > n_sets)
            n_sets = s + 1;
    }
    for (uint32_t s = 0; s < n_sets; s++) {
        VkDescriptorSetLayoutCreateInfo ci = {
            .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
            .bindingCount = nb[s], .pBindings = b[s] };
        check(vkCreateDescriptorSetLayout(dev, &ci, NULL, &sets[s]),
              "vkCreateDescriptorSetLayout");
    }
    free(set), free(bind), free(ptr), free(cls), free(buffer_block);
    return n_sets;
}

/* The compute pipeline of `code` with its internal representations and
 * statistics captured. */
static VkPipeline make_pipeline(VkDevice dev, const uint32_t *code,
                                size_t n, const char *entry)
{
    VkShaderModuleCreateInfo mi = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
        .codeSize = n * 4, .pCode = code };
    VkShaderModule mod;
    check(vkCreateShaderModule(dev, &mi, NULL, &mod), "vkCreateShaderModule");
    VkDescriptorSetLayout sets[MAX_SETS];
    uint32_t n_sets = set_layouts(dev, code, n, sets);
    /* 128 bytes of push constants: the least every device offers */
    VkPushConstantRange push = { VK_SHADER_STAGE_COMPUTE_BIT, 0, 128 };
    VkPipelineLayoutCreateInfo li = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
        .setLayoutCount = n_sets, .pSetLayouts = sets,
        .pushConstantRangeCount = 1, .pPushConstantRanges = &push };
    VkPipelineLayout layout;
    check(vkCreatePipelineLayout(dev, &li, NULL, &layout),
          "vkCreatePipelineLayout");
    VkComputePipelineCreateInfo ci = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .flags = VK_PIPELINE_CREATE_CAPTURE_INTERNAL_REPRESENTATIONS_BIT_KHR
               | VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR,
        .stage = { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                   .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = mod,
                   .pName = entry },
        .layout = layout };
    VkPipeline p;
    check(vkCreateComputePipelines(dev, VK_NULL_HANDLE, 1, &ci, NULL, &p),
          "vkCreateComputePipelines");
    vkDestroyShaderModule(dev, mod, NULL);
    vkDestroyPipelineLayout(dev, layout, NULL);
    for (uint32_t s = 0; s < n_sets; s++)
        vkDestroyDescriptorSetLayout(dev, sets[s], NULL);
    return p;
}

/* Prints executable `i` of `p`: its statistics as "; statistic: NAME =
 * VALUE", then its text representation named like "Assembly" between
 * "; assembly: NAME" and "; end of assembly", each on a line of its own. */
static void print_executable(VkDevice dev, VkPipeline p, uint32_t i)
{
    PFN_vkGetPipelineExecutableStatisticsKHR stats_fn =
        (PFN_vkGetPipelineExecutableStatisticsKHR)vkGetDeviceProcAddr(
            dev, "vkGetPipelineExecutableStatisticsKHR");
    PFN_vkGetPipelineExecutableInternalRepresentationsKHR reps_fn =
        (PFN_vkGetPipelineExecutableInternalRepresentationsKHR)
        vkGetDeviceProcAddr(dev,
                            "vkGetPipelineExecutableInternalRepresentationsKHR");
    VkPipelineExecutableInfoKHR ei = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR,
        .pipeline = p, .executableIndex = i };
    VkPipelineExecutableStatisticKHR st[MAX_STATS];
    uint32_t n = MAX_STATS;
    for (uint32_t k = 0; k < n; k++)
        st[k] = (VkPipelineExecutableStatisticKHR){
            .sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR };
    VkResult r = stats_fn(dev, &ei, &n, st);
    check(r == VK_INCOMPLETE ? VK_SUCCESS : r, "statistics");
    for (uint32_t k = 0; k < n; k++) {
        printf("; statistic: %s = ", st[k].name);
        switch (st[k].format) {
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_BOOL32_KHR:
            printf("%u\n", (unsigned)st[k].value.b32);
            break;
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_INT64_KHR:
            printf("%lld\n", (long long)st[k].value.i64);
            break;
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR:
            printf("%llu\n", (unsigned long long)st[k].value.u64);
            break;
        default:
            printf("%g\n", st[k].value.f64);
        }
    }
    VkPipelineExecutableInternalRepresentationKHR rep[MAX_REPS];
    uint32_t nr = MAX_REPS;
    for (uint32_t k = 0; k < nr; k++)
        rep[k] = (VkPipelineExecutableInternalRepresentationKHR){
            .sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INTERNAL_REPRESENTATION_KHR };
    r = reps_fn(dev, &ei, &nr, rep);   /* sizes first, then the text */
    check(r == VK_INCOMPLETE ? VK_SUCCESS : r, "representations");
    for (uint32_t k = 0; k < nr; k++)
        rep[k].pData = rep[k].isText ? calloc(1, rep[k].dataSize + 1) : NULL;
    r = reps_fn(dev, &ei, &nr, rep);
    check(r == VK_INCOMPLETE ? VK_SUCCESS : r, "representations");
    int printed = 0;
    for (uint32_t k = 0; k < nr; k++) {
        const char *text = rep[k].pData;
        if (rep[k].isText && strstr(rep[k].name, "Assembly")) {
            size_t len = strlen(text);
            printf("; assembly: %s\n%s%s", rep[k].name, text,
                   len && text[len - 1] != '\n' ? "\n" : "");
            printed++;
        }
        free(rep[k].pData);
    }
    if (!printed) {
        fprintf(stderr, "vk-isa: the driver gave no \"Assembly\" "
                "representation\n");
        exit(1);
    }
    printf("; end of assembly\n");
}

/* The chip family: RADV_FORCE_FAMILY when set, else the word after
 * "RADV " in the device's name ("AMD RADV NAVI21" -> navi21). */
static void family_of(const char *device, char *buf, size_t size)
{
    const char *f = getenv("RADV_FORCE_FAMILY");
    const char *w = strstr(device, "RADV ");
    size_t n = 0;
    if (f && *f)
        n = (size_t)snprintf(buf, size, "%s", f);
    else if (w)
        for (w += 5; *w && *w != ' ' && *w != '(' && n + 1 < size; w++)
            buf[n++] = (char)(*w >= 'A' && *w <= 'Z' ? *w - 'A' + 'a' : *w);
    buf[n < size ? n : size - 1] = '\0';
    if (!buf[0])
        snprintf(buf, size, "unknown");
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: vk-isa SHADER.spv [ENTRY]\n");
        return 2;
    }
    const char *entry = argc == 3 ? argv[2] : "main";
    size_t n;
    uint32_t *code = read_spirv(argv[1], &n);
    uint32_t xyz[3];
    local_size(code, n, xyz);
    VkApplicationInfo app = { .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                              .pApplicationName = "cusim vk-isa",
                              .apiVersion = VK_API_VERSION_1_2 };
    VkInstanceCreateInfo ii = { .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                .pApplicationInfo = &app };
    VkInstance inst;
    check(vkCreateInstance(&ii, NULL, &inst), "vkCreateInstance");
    VkPhysicalDeviceProperties2 props;
    VkPhysicalDeviceDriverProperties drv;
    VkPhysicalDevice pd = pick_radv(inst, &props, &drv);
    VkDevice dev = make_device(pd);
    VkPipeline p = make_pipeline(dev, code, n, entry);
    char family[64];
    family_of(props.properties.deviceName, family, sizeof family);
    printf("; cusim vk-isa 1: RADV listing of %s (entry %s)\n", argv[1], entry);
    printf("; device: %s\n", props.properties.deviceName);
    printf("; driver: %s %s\n", drv.driverName, drv.driverInfo);
    printf("; family: %s\n", family);
    const char *perftest = getenv("RADV_PERFTEST");
    if (perftest && *perftest)   /* cswave32 changes the code: say so */
        printf("; radv_perftest: %s\n", perftest);
    printf("; local_size: %u %u %u\n", xyz[0], xyz[1], xyz[2]);
    PFN_vkGetPipelineExecutablePropertiesKHR exes_fn =
        (PFN_vkGetPipelineExecutablePropertiesKHR)vkGetDeviceProcAddr(
            dev, "vkGetPipelineExecutablePropertiesKHR");
    VkPipelineInfoKHR pi = { .sType = VK_STRUCTURE_TYPE_PIPELINE_INFO_KHR,
                             .pipeline = p };
    VkPipelineExecutablePropertiesKHR exe = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_PROPERTIES_KHR };
    uint32_t n_exe = 1;
    VkResult r = exes_fn(dev, &pi, &n_exe, &exe);
    check(r == VK_INCOMPLETE ? VK_SUCCESS : r, "executable properties");
    /* a compute pipeline has one executable: its compute shader */
    printf("; executable: %s\n", exe.name);
    printf("; subgroup_size: %u\n", exe.subgroupSize);
    print_executable(dev, p, 0);
    vkDestroyPipeline(dev, p, NULL);
    vkDestroyDevice(dev, NULL);
    vkDestroyInstance(inst, NULL);
    free(code);
    return 0;
}

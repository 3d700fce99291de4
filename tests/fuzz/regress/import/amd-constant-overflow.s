	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.amdhsa_code_object_version 5
	.protected	gemm_tile16             ; -- Begin function gemm_tile16
	.globl	gemm_tile16
	.p2align	8
	.type	gemm_tile16,@function
gemm_tile16:                            ; @gemm_tile16
; %bb.0:
	s_load_dwordx4 s[4:7], s[0:1], 0x0
	s_load_dwordx2 s[8:9], s[0:1], 0x10
	v_and_b32_e32 v2, 0x3ff, v0
	v_bfe_u32 v0, v0, 10, 10
	v_lshlrev_b32_e32 v1, 2, v2
	v_lshl_or_b32 v3, s3, 4, v0
	s_lshl_b32 s0, s2, 4
	v_lshlrev_b32_e32 v6, 6, v0
	v_add_u32_e32 v8, 0x400, v1
	v_lshlrev_b32_e32 v4, 8, v3
	v_add_u32_e32 v7, v6, v1
	v_add_u32_e32 v9, v8, v6
	v_lshl_add_u32 v10, v0, 10, s0
	s_mov_b32 s1, 16
	v_mov_b32_e32 v5, 0
	v_mov_b32_e32 v1, 0
.LBB0_1:                                ; =>This Inner Loop Header: Depth=1
	v_add_u32_e32 v0, v2, v4
	v_add_u32_e32 v12, v2, v10
	v_mov_b32_e32 v13, v1
	s_waitcnt lgkmcnt(0)
	v_lshl_add_u64 v[14:15], v[0:1], 2, s[4:5]
	v_lshl_add_u64 v[16:17], v[12:13], 2, s[6:7]
	global_load_dword v11, v[14:15], off
	global_load_dword v18, v[16:17], off
	v_add_u32_e32 v0, 16, v0
	v_lshl_add_u64 v[14:15], v[0:1], 2, s[4:5]
	v_add_u32_e32 v0, 0x4000, v12
	v_lshl_add_u64 v[12:13], v[0:1], 2, s[6:7]
	s_add_i32 s1, s1, -2
	v_add_u32_e32 v4, 32, v4
	v_add_u32_e32 v10, 0x8000, v10
	s_cmp_eq_u32 s1, 0
	s_waitcnt vmcnt(1)
	ds_write_b32 v7, v11
	s_waitcnt vmcnt(0)
	ds_write_b32 v9, v18
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_read2_b32 v[16:17], v8 offset1:16
	ds_read2_b32 v[18:19], v8 offset0:32 offset1:48
	ds_read2_b32 v[20:21], v8 offset0:64 offset1:80
	ds_read2_b32 v[22:23], v6 offset1:1
	ds_read2_b32 v[24:25], v6 offset0:2 offset1:3
	ds_read2_b32 v[26:27], v6 offset0:4 offset1:5
	ds_read2_b32 v[28:29], v6 offset0:6 offset1:7
	ds_read2_b32 v[30:31], v8 offset0:96 offset1:112
	ds_read2_b32 v[32:33], v8 offset0:128 offset1:144
	ds_read2_b32 v[34:35], v8 offset0:160 offset1:176
	ds_read2_b32 v[36:37], v8 offset0:192 offset1:208
	ds_read2_b32 v[38:39], v6 offset0:8 offset1:9
	ds_read2_b32 v[40:41], v6 offset0:10 offset1:11
	ds_ 2, s[6:7]
	s_add_i32 s1, s1, -2
	v_add_u32_e32 v4, 32, v4
	v_add_u32_e32 v10, 0x8000, v10
	s_cmp_eq_u32 s1, 0
	s_waitcnt vmcnt(1)
	ds_write_b32 v7, v11
	s_waitcnt vmcnt(0)
	ds_write_b32 v9, v18
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_read2_b32 v[16:17], v8 offset1:16
	ds_read2_b32 v[18:19], v8 offset0:32 offset1:48
	ds_read2_b32 v[20:21], v8 offset0:64 offset1:80
	ds_read2_b32 v[22:23], v6 offset1:1
	ds_read2_b32 v[24:25], v6 offset0:2 offset1:3
	ds_read2_b32 v[26:27], v6 offset0:4 offset1:5
	ds_read2_b32 v[28:29], v6 offset0:6 offset1:7
	ds_read2_b32 v[30:31], v8 offset0:96 offset1:112
	ds_read2_b32 v[32:33], v8 offset0:128 offset1:144
	ds_read2_b32 v[34:35], v8 offset0:160 offset1:176
	ds_read2_b32 v[36:37], v8 offset0:192 offset1:208
	ds_read2_b32 v[38:39], v6 offset0:8 offset1:9
	ds_read2_b32 v[40:41], v6 offset0:10 offset1:11
	ds_read2_b32 v[42:43], v6 offset0:12 offset1:13
	ds_read2_b32 v[44:45], v6 offset0:14 offset1:15
	ds_read2_b32 v[46:47], v8 offset0:224 offset1:240
	s_waitcnt lgkmcnt(0)
	s_barrier
	global_load_dword v0, v[14:15], off
	global_load_dword v11, v[12:13], off
	v_fmac_f32_e32 v5, v22, v16
	v_fmac_f32_e32 v5, v23, v17
	v_fmac_f32_e32 v5, v24, v18
	v_fmac_f32_e32 v5, v25, v19
	v_fmac_f32_e32 v5, v26, v20
	v_fmac_f32_e32 v5, v27, v21
	v_fmac_f32_e32 v5, v28, v30
	v_fmac_f32_e32 v5, v29, v31
	v_fmac_f32_e32 v5, v38, v32
	v_fmac_f32_e32 v5, v39, v33
	v_fmac_f32_e32 v5, v40, v34
	v_fmac_f32_e32 v5, v41, v35
	v_fmac_f32_e32 v5, v42, v36
	v_fmac_f32_e32 v5, v43, v37
	v_fmac_f32_e32 v5, v44, v46
	v_fmac_f32_e32 v5, v45, v47
	s_waitcnt vmcnt(1)
	ds_write_b32 v7, v0
	s_waitcnt vmcnt(0)
	ds_write_b32 v9, v11
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_read2_b32 v[12:13], v8 offset1:16
	ds_read2_b32 v[14:15], v8 offset0:32 offset1:48
	ds_read2_b32 v[16:17], v8 offset0:64 offset1:80
	ds_read2_b32 v[18:19], v6 offset1:1
	ds_read2_b32 v[20:21], v6 offset0:2 offset1:3
	ds_read2_b32 v[22:23], v6 offset0:4 offset1:5
	ds_read2_b32 v[24:25], v6 offset0:6 offset1:7
	ds_read2_b32 v[26:27], v8 offset0:96 offset1:112
	ds_read2_b32 v[28:29], v8 offset0:128 offset1:144
	ds_read2_b32 v[30:31], v8 offset0:160 offset1:176
	ds_read2_b32 v[32:33], v8 offset0:192 offset1:208
	ds_read2_b32 v[34:35], v6 offset0:8 offset1:9
	ds_read2_b32 v[36:37], v6 offset0:10 offset1:11
	ds_read2_b32 v[38:39],333333333333333333333333333333333333333333333333333333333333333333333 v6 offset0:12 offset1:13
	ds_read2_b32 v[40:41], v6 offset0:14 offset1:15
	ds_read2_b32 v[42:43], v8 offset0:224 offset1:240
	s_waitcnt lgkmcnt(12)
	v_fmac_f32_e32 v5, v18, v12
	v_fmac_f32_e32 v5, v19, v13
	s_waitcnt lgkmcnt(11)
	v_fmac_f32_e32 v5, v20, v14
	v_fmac_f32_e32 v5, v21, v15
	s_waitcnt lgkmcnt(10)
	v_fmac_f32_e32 v5, v22, v16
	v_fmac_f32_e32 v5, v23, v17
	s_waitcnt lgkmcnt(8)
	v_fmac_f32_e32 v5, v24, v26
	v_fmac_f32_e32 v5, v25, v27
	s_waitcnt lgkmcnt(4)
	v_fmac_f32_e32 v5, v34, v28
	v_fmac_f32_e32 v5, v35, v29
	s_waitcnt lgkmcnt(3)
	v_fmac_f32_e32 v5, v36, v30
	v_fmac_f32_e32 v5, v37, v31
	s_waitcnt lgkmcnt(2)
	v_fmac_f32_e32 v5, v38, v32
	v_fmac_f32_e32 v5, v39, v33
	s_waitcnt lgkmcnt(0)
	v_fmac_f32_e32 v5, v40, v42
	v_fmac_f32_e32 v5, v41, v43
	s_barrier
	s_cbranch_scc0 .LBB0_1
; %bb.2:
	v_add_u32_e32 v0, s0, v2
	v_lshl_add_u32 v0, v3, 10, v0
	v_mov_b32_e32 v1, 0
	v_lshl_add_u64 v[0:1], v[0:1], 2, s[8:9]
	global_store_dword v[0:1], v5, off
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel gemm_tile16
		.amdhsa_group_segment_fixed_size 2048
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 24
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 1
		.amdhsa_nextSHRee_vgpr 48
		.amdhsa_next_free_sgpr 10
		.amdhsa_accum_offset 48
		.amdhsa_reserve_vcc 0
		.amdhsa_reserve_xnack_mask 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
		.amdhsa_tg_split 0
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end0:
	.size	gemm_tile16, .Lfunc_end0-gemm_tile16
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 736
; NumSgprs: 16
; NumVgprs: 48
; NumAgprs: 0
; TotalNumVgprs: 48
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 2048 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 5
; NumSGPRsForWavesPerEU: 16
; NumVGPRsForWavesPerEU: 48
; AccumOffset: 48
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 1
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 11
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.p2alignl 6, 3212836864
	.fill 256, 4, 3212836864
	.hidden	__oclc_ABI_version              ; @__oclc_ABI_version
	.type	__oclc_ABI_version,@object
	.section	.rodata,"a",@progbits
	.weak	__oclc_ABI_version
	.p2align	2, 0x0
__oclc_ABI_version:
	.long	500                             ; 0x1f4
	.size	__oclc_ABI_version, 4

	.ident	"Debian clang version 19.1.7 (3~deb12u1)"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     0
    .args:
      tion_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end0:
	.size	gemm_tile16, .Lfunc_end0-gemm_tile16
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 736
; NumSgprs: 16
; NumVgprs: 48
; NumAgprs: 0
; TotalNumVgprs: 48
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 2048 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 5
; NumSGPRsForWavesPerEU: 16
; NumVGPRsForWavesPerEU: 48
; AccumOffset: 48
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 1
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 11
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.p2alignl 6, 3212836864
	.fill 256, 4, 3212836864
	.hidden	__oclc_ABI_version              ; @__oclc_ABI_version
	.type	__oclc_ABI_version,@object
	.section	.rodata,"a",@progbits
	.weak	__oclc_ABI_version
	.p2align	2, 0x0
__oclc_ABI_version:
	.long	500                             ; 0x1f4
	.size	__oclc_ABI_version, 4

	.ident	"Debian clang version 19.1.7 (3~deb12u1)"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     0
    .args:
      - .actual_access:  read_only
        .address_space:  global
        .is_const:       true
        .is_restrict:    true
        .offset:         0
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .actual_access:  read_only
        .address_space:  global
        .is_const:       true
        .is_restrict:    true
        .offset:         8
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .actual_access:  write_only
        .address_space:  global
        .is_restrict:    true
        .offset:         16
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
    .group_segment_fixed_size: 2048
    .kernarg_segment_align: 8
    .kernarg_segment_size: 24
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           gemm_tile16
    .private_segment_fixed_size: 0
    .reqd_workgroup_size:
      - 16
      - 16
      - 1
    .sgpr_count:     16
    .sgpr_spill_count: 0
    .symbol:         gemm_tile16.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     48
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx942
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata

	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
	.protected	gemm_tile16             ; -- Begin function gemm_tile16
	.globl	gemm_tile16
	.p2align	8
	.type	gemm_tile16,@function
gemm_tile16:                            ; @gemm_tile16
; %bb.0:
	s_load_dwordx2 s[2:3], s[4:5], 0x0
	s_load_dwordx2 s[8:9], s[4:5], 0x8
	s_load_dwordx2 s[0:1], s[4:5], 0x10
	v_and_b32_e32 v2, 0x3ff, v0
	v_bfe_u32 v0, v0, 10, 10
	v_lshlrev_b32_e32 v1, 2, v2
	v_lshlrev_b32_e32 v7, 6, v0
	v_lshl_or_b32 v3, s7, 4, v0
	s_lshl_b32 s4, s6, 4
	v_or_b32_e32 v8, v7, v1
	s_movk_i32 s5, 0x400
	v_or_b32_e32 v4, s4, v2
	v_lshlrev_b32_e32 v5, 8, v3
	v_or_b32_e32 v9, s5, v8
	v_or_b32_e32 v10, s5, v1
	v_lshl_add_u32 v11, v0, 10, s4
	s_mov_b32 s4, 16
	v_mov_b32_e32 v1, 0
	v_mov_b32_e32 v6, 0
.LBB0_1:                                ; =>This Inner Loop Header: Depth=1
	v_add_u32_e32 v0, v2, v5
	v_lshlrev_b64 v[14:15], 2, v[0:1]
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v20, s3
	v_add_u32_e32 v12, v2, v11
	v_mov_b32_e32 v13, v1
	v_add_co_u32_e32 v14, vcc, s2, v14
	v_lshlrev_b64 v[16:17], 2, v[12:13]
	v_addc_co_u32_e32 v15, vcc, v20, v15, vcc
	v_mov_b32_e32 v21, s9
	v_add_co_u32_e32 v16, vcc, s8, v16
	v_addc_co_u32_e32 v17, vcc, v21, v17, vcc
	global_load_dword v22, v[14:15], off
	global_load_dword v23, v[16:17], off
	v_add_u32_e32 v0, 16, v0
	v_lshlrev_b64 v[18:19], 2, v[0:1]
	v_add_u32_e32 v0, 0x4000, v12
	v_add_co_u32_e32 v12, vcc, s2, v18
	v_addc_co_u32_e32 v13, vcc, v20, v19, vcc
	v_lshlrev_b64 v[14:15], 2, v[0:1]
	global_load_dword v0, v[12:13], off
	v_add_co_u32_e32 v12, vcc, s8, v14
	v_addc_co_u32_e32 v13, vcc, v21, v15, vcc
	global_load_dword v28, v[12:13], off
	s_add_i32 s4, s4, -2
	v_add_u32_e32 v5, 32, v5
	v_add_u32_e32 v11, 0x8000, v11
	s_cmp_eq_u32 s4, 0
	s_waitcnt vmcnt(3)
	ds_write_b32 v8, v22
	s_waitcnt vmcnt(2)
	ds_write_b32 v9, v23
	s_waitcnt vmcnt(0) lgkmcnt(0)
	s_barrier 
	s_waitcnt lgkmcnt(0)
	ds_read2_b32 v[36:37], v10 offset1:16
	ds_read2_b32 v[38:39], v10 offset0:32 offset1:48
	ds_read2_b64 v[12:15], v7 offset1:1
	ds_read2_b64 v[16:19], v7 offset0:2 offset1:3
	ds_read2_b32 v[40:41], v10 offset0:64 offset1:80
	ds_read2_b32 v[42:43], v10 offset0:96 offset1:112
	ds_read2_b32 v[44:45], v10 offset0:128 offset1:144
	ds_read2_b32 v[46:47], v10 offset0:160 offset1:176
	ds_read2_b64 v[20:23], v7 offset0:4 offset1:5
	ds_read2_b64 v[24:27], v7 offset0:6 offset1:7
	ds_read2_b32 v[48:49], v10 offset0:192 offset1:208
	ds_read2_b32 v[50:51], v10 offset0:224 offset1:240
	s_waitcnt lgkmcnt(9)
	v_fmac_f32_e32 v6, v12, v36
	v_fmac_f32_e32 v6, v13, v37
	v_fmac_f32_e32 v6, v14, v38
	v_fmac_f32_e32 v6, v15, v39
	s_waitcnt lgkmcnt(7)
	v_fmac_f32_e32 v6, v16, v40
	v_fmac_f32_e32 v6, v17, v41
	s_waitcnt lgkmcnt(6)
	v_fmac_f32_e32 v6, v18, v42
	v_fmac_f32_e32 v6, v19, v43
	s_waitcnt lgkmcnt(3)
	v_fmac_f32_e32 v6, v20, v44
	v_fmac_f32_e32 v6, v21, v45
	v_fmac_f32_e32 v6, v22, v46
	v_fmac_f32_e32 v6, v23, v47
	s_waitcnt lgkmcnt(1)
	v_fmac_f32_e32 v6, v24, v48
	v_fmac_f32_e32 v6, v25, v49
	s_waitcnt lgkmcnt(0)
	v_fmac_f32_e32 v6, v26, v50
	s_waitcnt lgkmcnt(0)
	s_barrier 
	s_waitcnt lgkmcnt(0)
	ds_write_b32 v8, v0
	ds_write_b32 v9, v28
	s_waitcnt lgkmcnt(0)
	s_barrier 
	s_waitcnt lgkmcnt(0)
	ds_read2_b32 v[52:53], v10 offset1:16
	ds_read2_b32 v[54:55], v10 offset0:32 offset1:48
	ds_read2_b64 v[28:31], v7 offset1:1
	ds_read2_b64 v[32:35], v7 offset0:2 offset1:3
	ds_read2_b32 v[56:57], v10 offset0:64 offset1:80
	ds_read2_b32 v[58:59], v10 offset0:96 offset1:112
	ds_read2_b32 v[60:61], v10 offset0:128 offset1:144
	v_fmac_f32_e32 v6, v27, v51
	s_waitcnt lgkmcnt(4)
	v_fmac_f32_e32 v6, v28, v52
	v_fmac_f32_e32 v6, v29, v53
	v_fmac_f32_e32 v6, v30, v54
	ds_read2_b64 v[12:15], v7 offset0:4 offset1:5
	ds_read2_b64 v[36:39], v7 offset0:6 offset1:7
	v_fmac_f32_e32 v6, v31, v55
	s_waitcnt lgkmcnt(4)
	v_fmac_f32_e32 v6, v32, v56
	ds_read2_b32 v[62:63], v10 offset0:160 offset1:176
	v_fmac_f32_e32 v6, v33, v57
	s_waitcnt lgkmcnt(4)
	v_fmac_f32_e32 v6, v34, v58
	v_fmac_f32_e32 v6, v35, v59
	ds_read2_b32 v[16:17], v10 offset0:192 offset1:208
	ds_read2_b32 v[18:19], v10 offset0:224 offset1:240
	s_waitcnt lgkmcnt(4)
	v_fmac_f32_e32 v6, v12, v60
	v_fmac_f32_e32 v6, v13, v61
	s_waitcnt lgkmcnt(2)
	v_fmac_f32_e32 v6, v14, v62
	v_fmac_f32_e32 v6, v15, v63
	s_waitcnt lgkmcnt(1)
	v_fmac_f32_e32 v6, v36, v16
	v_fmac_f32_e32 v6, v37, v17
	s_waitcnt lgkmcnt(0)
	v_fmac_f32_e32 v6, v38, v18
	v_fmac_f32_e32 v6, v39, v19
	s_waitcnt lgkmcnt(0)
	s_barrier 
	s_waitcnt lgkmcnt(0)
	s_cbranch_scc0 .LBB0_1
; %bb.2:
	v_lshl_add_u32 v0, v3, 10, v4
	v_mov_b32_e32 v1, 0
	v_lshlrev_b64 v[0:1], 2, v[0:1]
	v_mov_b32_e32 v2, s1
	v_add_co_u32_e32 v0, vcc, s0, v0
	v_addc_co_u32_e32 v1, vcc, v2, v1, vcc
	global_store_dword v[0:1], v6, off
	s_endpgm
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel gemm_tile16
		.amdhsa_group_segment_fixed_size 2048
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 24
		.amdhsa_user_sgpr_count 6
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_flat_scratch_init 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 1
		.amdhsa_next_free_vgpr 64
		.amdhsa_next_free_sgpr 10
		.amdhsa_accum_offset 64
		.amdhsa_reserve_flat_scratch 0
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
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 768
; NumSgprs: 12
; NumVgprs: 64
; NumAgprs: 0
; TotalNumVgprs: 64
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 2048 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 7
; NumSGPRsForWavesPerEU: 12
; NumVGPRsForWavesPerEU: 64
; AccumOffset: 64
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 1
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 15
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.p2alignl 6, 3212836864
	.fill 256, 4, 3212836864
	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack"
	.addrsig
	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .access:         read_only
        .address_space:  global
        .is_const:       true
        .is_restrict:    true
        .offset:         0
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .access:         read_only
        .address_space:  global
        .is_const:       true
        .is_restrict:    true
        .offset:         8
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .address_space:  global
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
    .sgpr_count:     12
    .sgpr_spill_count: 0
    .symbol:         gemm_tile16.kd
    .vgpr_count:     64
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx90a
amdhsa.version:
  - 1
  - 1
...

	.end_amdgpu_metadata
